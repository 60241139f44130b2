/**
 * A supplier's storefront as the admin sees it (`/admin/:urlforn`; spec §2): the public
 * storefront's ready screen (header with the info modal, 'Pesquisar produtos...', sort and
 * categories with 'Todas', the product modal with up to five images, options, price × quantity,
 * minimum, stock, promotion and description) in view-only mode (no sign-in, bag or add-to-bag),
 * for any supplier, invisible ones included. The path takes the store URL or the supplier's user
 * id (the panel links /admin/{usuario}). Anyone but the admin sees the sign-in card; a load
 * failure shows 'Algum erro ocorreu!'. Each review of the store can be removed with a reason,
 * and each of its products hidden (or shown again) by the moderation, with a reason. A route page of the app: the admin's actions and sign-in card around the
 * catalogue's storefront.
 */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Loading, LoadError } from '@/components/LoadStates';
import { NotFound } from '@/components/NotFound';
import { useStatusDialog } from '@/components/status-dialog';
import { startSiteAdmin } from '@/features/admin/api/startSiteAdmin';
import { AdminLoginCard } from '@/features/admin/components/AdminLoginCard';
import { ProductModeration } from '@/features/admin/components/ProductModeration';
import { RemoveReviewButton } from '@/features/admin/components/RemoveReviewButton';
import { StoreReady } from '@/features/catalog/components/StoreReady';
import { useAccount } from '@/hooks/useAccount';
import { useLoad } from '@/hooks/useLoad';
import { ERRO_GENERICO } from '@/lib/rpc';
import '@/features/admin/admin.css';

export default function AdminStorefrontPage() {
  const { urlforn = '' } = useParams();
  const { user } = useAccount();
  if (!user?.admin) return <AdminLoginCard />;
  return <AdminStorefront key={urlforn} urlforn={urlforn} />;
}

function AdminStorefront({ urlforn }: { urlforn: string }) {
  const [load, retry] = useLoad(urlforn, (signal) => startSiteAdmin(urlforn, signal));
  const status = useStatusDialog();
  const falhou = load.estado === 'erro';
  useEffect(() => {
    if (falhou) status.error(ERRO_GENERICO);
  }, [falhou, status]);

  if (load.estado === 'carregando') return <Loading />;
  if (load.estado === 'erro') {
    return (
      <section className="container page">
        <LoadError onRetry={retry} />
      </section>
    );
  }
  const loja = load.data;
  if (loja.exist === 0) return <NotFound />;
  return (
    <>
      <p className="admin-store-bar" role="note">
        <Link to="/admin">Voltar para o painel administrativo</Link>
        {loja.dadosforn.oculto && <span className="admin-badge">Loja oculta ao público</span>}
      </p>
      <StoreReady
        dadosforn={loja.dadosforn}
        produtos={loja.allprods}
        paleta={loja.infos.paleta}
        somenteVer
        acoesAvaliacao={(idpedido, recarregar) => <RemoveReviewButton idpedido={idpedido} onRemoved={recarregar} />}
      />
      <ProductModeration produtos={loja.moderacao_produtos} />
    </>
  );
}
