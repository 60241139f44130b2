/**
 * The CEP field of the address forms — the buyer's and the supplier's delivery start address
 * (decisions.md §31): masked `00000-000` as it is typed (wasm-core); once it has its 8 digits, the
 * API's lookup (`consultar_cep`) fills what it knows (street, bairro, city) through `onFound`.
 * When there is no lookup, the CEP is unknown or the network fails, it says so and the rest is
 * typed by hand.
 */
import { useRef, useState } from 'react';
import { lookUpCep, type CepAnswer } from '@/lib/cep';
import type { Core } from '@/lib/wasm';

type Busca = { estado: 'quieto' } | { estado: 'buscando' } | { estado: 'achado' } | { estado: 'erro'; mensagem: string };

interface Props {
  core: Core | null;
  value: string;
  onChange: (cep: string) => void;
  onFound: (found: CepAnswer) => void;
  autoFocus?: boolean;
}

export function CepField({ core, value, onChange, onFound, autoFocus }: Props) {
  const [search, setSearch] = useState<Busca>({ estado: 'quieto' });
  const order = useRef('');

  async function change(texto: string) {
    const cep = core ? core.cep_mask(texto) : texto;
    onChange(cep);
    if (!core || !core.cep_is_valid(cep) || order.current === cep) {
      if (!core?.cep_is_valid(cep)) {
        order.current = '';
        setSearch({ estado: 'quieto' });
      }
      return;
    }
    order.current = cep;
    setSearch({ estado: 'buscando' });
    const r = await lookUpCep(cep);
    if (order.current !== cep) return;
    if (r.error !== undefined) {
      setSearch({ estado: 'erro', mensagem: r.error });
      return;
    }
    setSearch({ estado: 'achado' });
    onFound(r);
  }

  return (
    <div className="field cep-field">
      <label className="field">
        <span className="field__label">CEP</span>
        <input
          className="input"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="00000-000"
          maxLength={9}
          value={value}
          data-autofocus={autoFocus || undefined}
          onChange={(e) => void change(e.target.value)}
        />
      </label>
      {search.estado === 'buscando' && (
        <p className="muted" role="status">
          Buscando o CEP...
        </p>
      )}
      {search.estado === 'erro' && (
        <p className="muted" role="status">
          {search.mensagem}
        </p>
      )}
    </div>
  );
}
