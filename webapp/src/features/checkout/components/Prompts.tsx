/**
 * The checkout's small steps: the sign-in prompt, the address prompt ('Cadastre um endereço para
 * realizar compras'), the loading state while the order is sent, and the refusal.
 */
export const CADASTRE_ENDERECO = 'Cadastre um endereço para realizar compras';

export function SignInPrompt({ onSignIn }: { onSignIn: () => void }) {
  return (
    <div className="checkout__prompt">
      <p>Entre na sua conta para finalizar a compra.</p>
      <button type="button" className="btn checkout__cta" onClick={onSignIn}>
        Cadastre-se ou Faça login
      </button>
    </div>
  );
}

export function AddressPrompt({ onRegister }: { onRegister: () => void }) {
  return (
    <div className="checkout__prompt">
      <p role="alert">{CADASTRE_ENDERECO}</p>
      <button type="button" className="btn checkout__cta" onClick={onRegister}>
        Cadastrar endereço
      </button>
    </div>
  );
}

export function Spinner({ text }: { text?: string }) {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {text ? <p>{text}</p> : <span className="sr-only">Carregando...</span>}
    </div>
  );
}

export function ErrorStep({ message, onBack }: { message: string | null; onBack: () => void }) {
  return (
    <div className="checkout__prompt">
      <p className="form__error" role="alert">
        {message}
      </p>
      <button type="button" className="btn checkout__cta" onClick={onBack}>
        Revisar pedido
      </button>
    </div>
  );
}
