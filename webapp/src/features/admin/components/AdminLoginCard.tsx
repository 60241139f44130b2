/**
 * What anyone but the administrator sees at /admin (spec §2, §6): the card 'Bem-vindo(a)' with
 * 'Entrar com o Google', which starts the app's real popup sign-in.
 */
import { useAccount } from '@/hooks/useAccount';

export function AdminLoginCard() {
  const { signIn } = useAccount();
  return (
    <section className="container page admin-login">
      <div className="admin-login__card">
        <h1>Bem-vindo(a)</h1>
        <p className="muted">Acesso restrito à administração da Feira.</p>
        <button type="button" className="btn" onClick={signIn}>
          Entrar com o Google
        </button>
      </div>
    </section>
  );
}
