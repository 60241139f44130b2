/**
 * Admin panel (`/admin`; spec §2 'Admin panel', §6 'Administrator'). Anyone but the admin
 * (decisions.md §2: the `ADMIN_EMAIL` account, `userinfo.admin`) sees the sign-in card. The admin
 * sees three sections: Fornecedores (from `loading_admin`), Clientes and Solicitações de Saque.
 * When the suppliers cannot be loaded the spec's alert shows over a not-found screen.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Loading } from '@/components/LoadStates';
import { NotFound } from '@/components/NotFound';
import { useStatusDialog } from '@/components/status-dialog';
import { useAccount } from '@/hooks/useAccount';
import { useLoad } from '@/hooks/useLoad';
import { usePageTitle } from '@/hooks/usePageTitle';
import { loadingAdmin } from '../api/loadingAdmin';
import { ERRO_DADOS } from '../messages';
import { AdminLoginCard } from './AdminLoginCard';
import { CustomersSection } from './CustomersSection';
import { DisputesSection } from './DisputesSection';
import { FailedNoticesSection } from './FailedNoticesSection';
import { RecurringPixSection } from './RecurringPixSection';
import { PixIssuesSection } from './PixIssuesSection';
import { SuppliersSection } from './SuppliersSection';
import { WithdrawalsSection } from './WithdrawalsSection';
import '../admin.css';

type Secao = 'fornecedores' | 'clientes' | 'saques' | 'pix' | 'disputas';

const SECOES: [Secao, string][] = [
  ['fornecedores', 'Fornecedores'],
  ['clientes', 'Clientes'],
  ['saques', 'Solicitações de Saque'],
  ['pix', 'Pendências Pix'],
  ['disputas', 'Disputas'],
];

export default function AdminPage() {
  usePageTitle('Painel administrativo');
  const { user } = useAccount();
  if (!user?.admin) return <AdminLoginCard />;
  return <AdminPanel key={user.usuario} />;
}

function AdminPanel() {
  const [load] = useLoad('admin', (signal) => loadingAdmin(signal));
  const status = useStatusDialog();
  const [section, setSection] = useState<Secao>('fornecedores');
  const falhou = load.estado === 'erro';
  useEffect(() => {
    if (falhou) status.error(ERRO_DADOS);
  }, [falhou, status]);
  const primeira = useMemo(() => (load.estado === 'pronto' ? { rows: load.data.fornecedores, proximo: load.data.proximo ?? null } : null), [load]);

  if (load.estado === 'carregando') return <Loading />;
  if (load.estado === 'erro') return <NotFound />;
  return (
    <div className="admin">
      <header className="admin__header">
        <div className="container admin__header-inner">
          <Link to="/" className="admin__brand">
            Feira
          </Link>
          <h1 className="admin__title">Painel administrativo</h1>
        </div>
        <nav className="container admin__tabs" aria-label="Seções">
          {SECOES.map(([id, rotulo]) => (
            <button
              key={id}
              type="button"
              className={`admin__tab${section === id ? ' admin__tab--on' : ''}`}
              aria-pressed={section === id}
              onClick={() => setSection(id)}
            >
              {rotulo}
            </button>
          ))}
        </nav>
      </header>
      <div className="container page">
        {section === 'fornecedores' && primeira && <SuppliersSection inicial={primeira} total={load.data.total} />}
        {section === 'clientes' && <CustomersSection />}
        {section === 'saques' && <WithdrawalsSection />}
        {section === 'pix' && (
          <>
            <PixIssuesSection />
            <RecurringPixSection />
            <FailedNoticesSection />
          </>
        )}
        {section === 'disputas' && <DisputesSection />}
      </div>
    </div>
  );
}
