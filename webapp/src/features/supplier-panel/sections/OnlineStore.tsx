/**
 * Loja online: the store's URL name after the product's own host, 'Verificar' (disabled when
 * empty; wasm-core refuses malformed and reserved names first, then `verificar_url_site`: free,
 * or already this supplier's → 'URL disponível!', else 'URL indisponível. Por favor, escolha outro
 * nome.'; editing resets the check), one of five palettes with a preview, and `criar_site`.
 */
import { useState } from 'react';
import { useStatusDialog } from '@/components/status-dialog';
import { useCore } from '@/hooks/useCore';
import { criarSite, verificarUrlSite } from '../api/actions';
import { errorText, type SectionProps } from './types';

export const URL_DISPONIVEL = 'URL disponível!';
export const URL_INDISPONIVEL = 'URL indisponível. Por favor, escolha outro nome.';

/** Palette colours (primary, dark, light) for the preview, as the storefront's themes (storefront.css). */
export const PALETAS: Record<number, [string, string, string]> = {
  1: ['#2e7d32', '#1b5e20', '#e8f5e9'],
  2: ['#e65100', '#bf360c', '#fff3e0'],
  3: ['#1565c0', '#0d47a1', '#e3f2fd'],
  4: ['#6a1b9a', '#4a148c', '#f3e5f5'],
  5: ['#37474f', '#212121', '#eceff1'],
};

type Check = 'unchecked' | 'checking' | 'available' | 'unavailable';

export default function OnlineStore({ usuario, forn, update }: SectionProps) {
  const { core } = useCore();
  const status = useStatusDialog();
  const old = forn.extensoes?.site?.url ?? forn.url ?? null;
  const [url, setUrl] = useState(old ?? '');
  const [paleta, setPaleta] = useState<number>(forn.extensoes?.site?.paleta ?? forn.paleta ?? 1);
  const [check, setCheck] = useState<Check>(old ? 'available' : 'unchecked');
  const [error, setError] = useState<string | null>(null);

  async function verify() {
    if (!core) return;
    let valid: string;
    try {
      valid = core.store_url_validate(url);
    } catch (e) {
      setCheck('unchecked');
      return setError(errorText(e));
    }
    setError(null);
    setCheck('checking');
    const r = await verificarUrlSite(valid);
    if (r.error !== undefined) {
      setCheck('unchecked');
      return setError(r.error);
    }
    // `exist` is true only for another store's URL or a reserved name (docs/rpc.md).
    setCheck(!r.exist || r.id === usuario ? 'available' : 'unavailable');
  }

  async function save() {
    if (!core || check !== 'available') return;
    let valid: string;
    try {
      valid = core.store_url_validate(url);
    } catch (e) {
      return setError(errorText(e));
    }
    status.loading();
    const r = await criarSite(valid, paleta, 1);
    if (r.error !== undefined) {
      // spec §8: a URL that belongs to someone else ends in the error state.
      console.error('criar_site:', r.error);
      if (r.codigo_erro === 'conflito') setCheck('unavailable');
      return status.error();
    }
    status.success();
    update({ url: r.url, paleta: r.paleta, extensoes: { ...forn.extensoes, site: { url: r.url, paleta: r.paleta, modelo: '1' } } });
  }

  const [c1, c2, c3] = PALETAS[paleta];
  return (
    <div className="panel-form">
      <label className="field">
        <span className="field__label">Endereço da loja</span>
        <span className="url-field">
          <span className="muted">{window.location.host}/</span>
          <input
            className="input"
            aria-label="URL da loja"
            value={url}
            onChange={(e) => {
              setUrl(core ? core.store_url_normalize(e.target.value) : e.target.value);
              setCheck('unchecked');
              setError(null);
            }}
          />
        </span>
      </label>
      <button type="button" className="btn btn--ghost" disabled={url.trim() === '' || check === 'checking' || !core} onClick={() => void verify()}>
        Verificar
      </button>
      {check === 'checking' && <p className="muted" role="status">Verificando...</p>}
      {check === 'available' && url !== '' && <p className="form__ok" role="status">{URL_DISPONIVEL}</p>}
      {check === 'unavailable' && <p className="form__error" role="alert">{URL_INDISPONIVEL}</p>}
      {error && <p className="form__error" role="alert">{error}</p>}
      <fieldset className="palettes">
        <legend>Paleta de cores</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={`palette${n === paleta ? ' palette--on' : ''}`}>
            <input type="radio" name="paleta" checked={n === paleta} onChange={() => setPaleta(n)} aria-label={`Paleta ${n}`} />
            {PALETAS[n].map((c) => (
              <span key={c} className="palette__swatch" style={{ background: c }} />
            ))}
          </label>
        ))}
      </fieldset>
      <div className="palette-preview" data-testid="preview" style={{ background: c3, borderColor: c1 }}>
        <div style={{ background: c1, color: '#fff', padding: '0.5rem' }}>{forn.nomeforn}</div>
        <div style={{ padding: '0.5rem' }}>
          <span style={{ background: c2, color: '#fff', padding: '0.2rem 0.5rem', borderRadius: '0.5rem' }}>Produto</span>
        </div>
      </div>
      <button type="button" className="btn" disabled={check !== 'available' || !core} onClick={() => void save()}>
        Salvar
      </button>
      {old && (
        <a href={`/${old}`} target="_blank" rel="noreferrer">
          Abrir minha loja
        </a>
      )}
    </div>
  );
}
