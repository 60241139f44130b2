/**
 * The header's account area: the signed-in user's name (opens the account dialog) or
 * 'Cadastre-se ou Faça login' (opens the sign-in popup).
 */
import { UserIcon } from '@/components/icons';
import { displayName, useAccount } from '@/hooks/useAccount';

export function AccountButton({ className = '' }: { className?: string }) {
  const { user, signIn, openAccountMenu } = useAccount();
  if (!user) {
    return (
      <button type="button" className={`account-btn ${className}`} onClick={signIn} data-testid="conta">
        <UserIcon />
        <span className="account-btn__text">Cadastre-se ou Faça login</span>
      </button>
    );
  }
  return (
    <button
      type="button"
      className={`account-btn account-btn--in ${className}`}
      onClick={openAccountMenu}
      aria-haspopup="dialog"
      data-testid="conta"
    >
      <UserIcon />
      <span className="account-btn__text">{displayName(user)}</span>
    </button>
  );
}
