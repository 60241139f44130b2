/**
 * The business registration wizard (buyer-ads-admin.md §2 'Wizards'), 10 steps with a progress
 * bar and back buttons: intro; public name; CPF/CNPJ; phone; description and Instagram
 * (optional); profile image (optional, shrunk in the browser); 'Quase pronto'; display scope;
 * states or cities (skipped for all Brazil); submit (`cadastro_fornecedor`); then 'Cadastro
 * Finalizado!' with OK leading to /painel/{usuario}. Every message comes from wasm-core.
 */
import { useReducer, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '@/components/Dialog';
import { IconPicker, type PickedImage } from '@/components/IconPicker';
import { PhoneField } from '@/components/PhoneField';
import { useCore } from '@/hooks/useCore';
import { updateUserInfo, type UserInfo } from '@/lib/session';
import { cadastroFornecedor } from '../api/cadastroFornecedor';
import { PlacesPicker } from './PlacesPicker';
import { ScopeChoice } from './ScopeChoice';
import { TAXA_SAQUE } from './SetupChecklist';
import '../registration.css';
import { errorText } from '@/lib/errorText';

export const BUSINESS_STEPS = 10;

const TITLES = [
  'Crie sua conta empresarial',
  'Nome público',
  'CPF/CNPJ',
  'Telefone',
  'Descrição e Instagram',
  'Imagem de perfil',
  'Quase pronto',
  'Onde seus produtos serão exibidos?',
  'Locais de exibição',
  'Finalizar cadastro',
] as const;

export interface BusinessWizardProps {
  user: UserInfo;
  onClose: () => void;
}

/** The fields typed, as typed. */
interface Campos {
  nomeforn: string;
  cpf: string;
  telefone: string;
  descricaoforn: string;
  instagram: string;
}

/**
 * The wizard, one reducer: the step, the fields, the image, the scope and its places, the step's
 * message (wasm-core's, or the server's refusal), and where the registration is (being typed,
 * sent, done). Typing or moving clears the message.
 */
interface Registration {
  passo: number;
  campos: Campos;
  icone: PickedImage | null;
  local: 1 | 2 | 3 | null;
  lugares: string[];
  erro: string | null;
  envio: 'editando' | 'enviando' | 'feito';
}

type RegistrationAction =
  | { tipo: 'campo'; campo: keyof Campos; valor: string }
  | { tipo: 'icone'; icone: PickedImage | null }
  | { tipo: 'escopo'; local: 1 | 2 | 3 }
  | { tipo: 'lugares'; lugares: string[] }
  | { tipo: 'ir'; passo: number }
  | { tipo: 'erro'; erro: string }
  | { tipo: 'enviar' }
  | { tipo: 'recusado'; erro: string }
  | { tipo: 'cadastrado' };

const INITIAL_REGISTRATION: Registration = {
  passo: 0,
  campos: { nomeforn: '', cpf: '', telefone: '', descricaoforn: '', instagram: '' },
  icone: null,
  local: null,
  lugares: [],
  erro: null,
  envio: 'editando',
};

export function reduceRegistration(c: Registration, a: RegistrationAction): Registration {
  switch (a.tipo) {
    case 'campo':
      return { ...c, campos: { ...c.campos, [a.campo]: a.valor }, erro: null };
    case 'icone':
      return { ...c, icone: a.icone };
    case 'escopo':
      return { ...c, local: a.local, lugares: [], erro: null };
    case 'lugares':
      return { ...c, lugares: a.lugares, erro: null };
    case 'ir':
      return { ...c, passo: a.passo, erro: null };
    case 'erro':
      return { ...c, erro: a.erro };
    case 'enviar':
      return { ...c, envio: 'enviando', erro: null };
    case 'recusado':
      return { ...c, envio: 'editando', erro: a.erro };
    case 'cadastrado':
      return { ...c, envio: 'feito' };
  }
}

export default function BusinessWizard({ user, onClose }: BusinessWizardProps) {
  const { core, failed } = useCore();
  const navigate = useNavigate();
  const [cadastro, dispatch] = useReducer(reduceRegistration, INITIAL_REGISTRATION);
  const { passo: step, campos: f, icone, local, lugares, erro: error } = cadastro;
  const sending = cadastro.envio === 'enviando';

  const set = (campo: keyof Campos, valor: string) => dispatch({ tipo: 'campo', campo, valor });
  const go = (passo: number) => dispatch({ tipo: 'ir', passo });
  const setError = (erro: string) => dispatch({ tipo: 'erro', erro });

  /** Checks the current step with wasm-core; the message of the first failure, or null. */
  function check(): string | null {
    if (!core) return null;
    try {
      if (step === 1) core.name_validate(f.nomeforn);
      if (step === 2) core.document_validate(f.cpf);
      if (step === 3) core.business_phone_validate(f.telefone);
      if (step === 4) core.business_description_validate(f.descricaoforn);
      if (step === 7) core.scope_validate(local, local === 1 ? [] : ['-']);
      if (step === 8) core.scope_validate(local, lugares);
    } catch (e) {
      return errorText(e);
    }
    return null;
  }

  function next(e: FormEvent) {
    e.preventDefault();
    if (!core) return;
    const msg = check();
    if (msg) return setError(msg);
    if (step === 7 && local === 1) return go(9);
    if (step === 9) return void submit();
    go(step + 1);
  }

  function back() {
    if (step === 0) return onClose();
    go(step === 9 && local === 1 ? 7 : step - 1);
  }

  async function submit() {
    if (!core || sending) return;
    let valid: { nomeforn: string; cpf: string; telefone: string; descricaoforn?: string; instagram?: string; alcance: { local: number; cidades: string[] } };
    try {
      valid = core.business_validate({ ...f, local, cidades: local === 1 ? [] : lugares });
    } catch (err) {
      return setError(errorText(err));
    }
    dispatch({ tipo: 'enviar' });
    const r = await cadastroFornecedor(icone?.base64 ?? null, {
      cidades: valid.alcance.cidades,
      nomeforn: valid.nomeforn,
      cpf: valid.cpf,
      descricaoforn: valid.descricaoforn ?? null,
      instagram: valid.instagram ?? null,
      local: valid.alcance.local,
      telefone: core.phone_mask(valid.telefone),
    });
    if (r.error !== undefined) return dispatch({ tipo: 'recusado', erro: r.error });
    updateUserInfo({ ...r.userinfo, type: 1 });
    dispatch({ tipo: 'cadastrado' });
  }

  if (cadastro.envio === 'feito') {
    return (
      <Dialog title="Cadastro Finalizado!" onClose={onClose} dismissable={false} className="dlg--small">
        <div className="dlg__actions">
          <button
            type="button"
            className="btn"
            data-autofocus
            onClick={() => {
              onClose();
              navigate(`/painel/${encodeURIComponent(user.usuario)}`);
            }}
          >
            OK
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title="Conta Empresarial" onClose={onClose} className="wizard-dlg">
      <form className="form wizard" onSubmit={next} noValidate>
        <progress className="wizard__progress" max={BUSINESS_STEPS} value={step + 1} aria-label="Progresso do cadastro" />
        <div className="wizard__nav">
          <button type="button" className="btn btn--ghost btn--small" onClick={back}>
            Voltar
          </button>
          <span className="muted">
            {step + 1} de {BUSINESS_STEPS}
          </span>
        </div>
        <h3 className="wizard__title">{TITLES[step]}</h3>
        {failed && <p className="form__error" role="alert">Algum erro ocorreu!</p>}

        {step === 0 && (
          <>
            <p>Crie um perfil empresarial gratuito e gerencie seus produtos, entregas e vendas.</p>
            <p className="muted" data-testid="taxa-saque">{TAXA_SAQUE}</p>
          </>
        )}
        {step === 1 && <Text label="Nome" value={f.nomeforn} onChange={(v) => set('nomeforn', v)} max={60} />}
        {step === 2 && <Text label="CPF/CNPJ" value={f.cpf} onChange={(v) => set('cpf', v.toUpperCase())} max={18} />}
        {step === 3 && (
          <PhoneField core={core} value={f.telefone} onChange={(v) => set('telefone', v)} autoFocus />
        )}
        {step === 4 && (
          <>
            <label className="field">
              <span className="field__label">Descrição (opcional)</span>
              <textarea className="input" rows={5} maxLength={500} value={f.descricaoforn} data-autofocus onChange={(e) => set('descricaoforn', e.target.value)} />
            </label>
            <Text label="Instagram (opcional)" value={f.instagram} onChange={(v) => set('instagram', v)} max={60} autoFocus={false} />
          </>
        )}
        {step === 5 && <IconPicker label="Escolher imagem" value={icone} onChange={(i) => dispatch({ tipo: 'icone', icone: i })} />}
        {step === 6 && <p>Agora escolha onde seus produtos serão exibidos.</p>}
        {step === 7 && (
          <ScopeChoice
            value={local}
            onChange={(l) => dispatch({ tipo: 'escopo', local: l })}
          />
        )}
        {step === 8 && local !== null && local !== 1 && (
          <PlacesPicker key={local} local={local} value={lugares} onChange={(v) => dispatch({ tipo: 'lugares', lugares: v })} />
        )}
        {step === 9 && (
          <>
            <p>Tudo pronto! Toque em Cadastrar para criar sua conta empresarial.</p>
            <p className="muted">
              Sua loja ganha um endereço feito a partir do nome, que você pode trocar em Loja online. No painel, uma lista mostra o que falta para
              começar a vender: endereço, formas de pagamento, entrega ou retirada e o primeiro produto.
            </p>
          </>
        )}

        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn" disabled={!core || sending}>
          {step === 9 ? (sending ? 'Cadastrando...' : 'Cadastrar') : 'Continuar'}
        </button>
      </form>
    </Dialog>
  );
}

function Text(props: { label: string; value: string; onChange: (v: string) => void; max: number; autoFocus?: boolean }) {
  return (
    <label className="field">
      <span className="field__label">{props.label}</span>
      <input
        className="input"
        type="text"
        maxLength={props.max}
        value={props.value}
        data-autofocus={props.autoFocus === false ? undefined : true}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}
