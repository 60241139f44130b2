/**
 * The supplier panel, /painel/{userforn} (supplier-panel.md §2): only for the signed-in user whose
 * id is `userforn` and who has a business account; anyone else sees 'Página não encontrada'. A
 * spinner shows while `loading_forn_site` runs; a failed load alerts and shows the not-found
 * screen. Header (logo and 'Voltar' to home), a collapsible side menu with the nine sections,
 * and the chosen section, each loaded lazily. The pending deliveries' count is live (server-sent
 * events, see ../live.ts). Until the new store is set up, its checklist shows above every section;
 * the panel's data is read again right after any save while it shows (and when the section
 * changes), so a step done ticks at once. A store the administrator hid says so, with the reason.
 * The notices' link to an order (`?pedido={id}`, lib/orderLink.ts) opens Entregas on that order.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { LogoMark, MenuIcon } from '@/components/icons';
import { NotFound } from '@/components/NotFound';
import { PageLoading } from '@/components/LoadStates';
import { StatusDialogProvider } from '@/components/status-dialog';
import { usePageTitle } from '@/hooks/usePageTitle';
import { linkedOrderId } from '@/lib/orderLink';
import { useSession } from '@/lib/session';
import { loadingFornSite } from '../api/actions';
import type { DadosPainel } from '../api/actions';
import { useOrderEvents, usePendingDeliveries } from '../live';
import type { PanelViewProps } from '../sections/types';
import { PanelMenu, type Section } from './PanelMenu';
import { SetupChecklist } from './SetupChecklist';
import '../panel.css';

export const ERRO_CARREGAR = 'Algum erro ocorreu ao carregar os dados. Por favor, tente novamente.';

const VIEWS: Record<Section, ComponentType<PanelViewProps>> = {
  'Informações gerais': lazy(() => import('../sections/GeneralInfo')),
  Produtos: lazy(() => import('../sections/Products')),
  Entregas: lazy(() => import('../sections/Deliveries')),
  Assinaturas: lazy(() => import('../sections/Subscriptions')),
  Gestão: lazy(() => import('../sections/Management')),
  'Loja online': lazy(() => import('../sections/OnlineStore')),
  Pagamentos: lazy(() => import('../sections/Payments')),
  Delivery: lazy(() => import('../sections/DeliverySettings')),
  Categorias: lazy(() => import('../sections/Categories')),
  'Cupons de desconto': lazy(() => import('../sections/Coupons')),
};

export default function SupplierPanelPage() {
  usePageTitle('Painel do fornecedor');
  const { userforn = '' } = useParams();
  const session = useSession();
  const { search } = useLocation();
  const user = session?.userinfo;
  const allowed = !!user && user.usuario === userforn && !!user.type;
  if (!allowed) return <NotFound />;
  return (
    <StatusDialogProvider>
      <Panel key={userforn} usuario={userforn} orderId={linkedOrderId(search)} />
    </StatusDialogProvider>
  );
}

function Panel({ usuario, orderId }: { usuario: string; orderId: string | null }) {
  const [forn, setForn] = useState<DadosPainel | null | 'erro'>(null);
  const [section, setSection] = useState<Section>(orderId ? 'Entregas' : 'Informações gerais');
  // The linked order opens once, in Entregas; another section forgets it.
  const [linkedOrder, setLinkedOrder] = useState(orderId);
  const [menuOpen, setMenuOpen] = useState(false);
  const [ordersBump, setOrdersBump] = useState(0);
  const live = useOrderEvents();
  const { pendentes, total } = usePendingDeliveries(usuario, live, ordersBump);

  const reload = useCallback(async () => {
    const r = await loadingFornSite(usuario);
    if (r.error !== undefined || !r.infos) {
      window.alert(ERRO_CARREGAR);
      setForn('erro');
    } else {
      setForn(r.infos);
    }
  }, [usuario]);

  useEffect(() => {
    // The first load; later reloads come from the sections.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void reload();
  }, [reload]);

  // While the checklist shows, a save reads the panel's data again, so the step it did ticks at once.
  const incompletoRef = useRef(false);
  useEffect(() => {
    incompletoRef.current = !!forn && forn !== 'erro' && !!forn.checklist && !forn.checklist.completo;
  });
  const update = useCallback(
    (patch: Partial<DadosPainel>) => {
      setForn((f) => (f && f !== 'erro' ? { ...f, ...patch } : f));
      if (incompletoRef.current) void reload();
    },
    [reload],
  );

  if (forn === 'erro') return <NotFound />;
  if (forn === null) return <PageLoading />;
  const View = VIEWS[section];
  const incompleto = !!forn.checklist && !forn.checklist.completo;
  const go = (s: Section) => {
    setSection(s);
    setLinkedOrder(null);
    setMenuOpen(false);
    if (incompleto) void reload();
  };

  return (
    <div className="panel">
      <header className="panel__header">
        <button type="button" className="icon-btn panel__burger" aria-label="Abrir menu do painel" aria-expanded={menuOpen} onClick={() => setMenuOpen((o) => !o)}>
          <MenuIcon />
        </button>
        <Link to="/" className="logo" aria-label="Feira, página inicial">
          <LogoMark />
          <span className="logo__text">Feira</span>
        </Link>
        <span className="panel__name">{forn.nomeforn}</span>
        <Link to="/" className="panel__back">
          Voltar
        </Link>
      </header>
      <div className="panel__body">
        <PanelMenu
          current={section}
          open={menuOpen}
          pendentes={total}
          onPick={go}
          onClose={() => setMenuOpen(false)}
        />
        <div className="panel__main">
          {forn.invisivel && (
            <p className="moderation" role="status" data-testid="loja-oculta">
              Sua loja está oculta pela administração da Feira.{forn.motivo_invisivel ? ` Motivo: ${forn.motivo_invisivel}` : ''}
            </p>
          )}
          {incompleto && forn.checklist && <SetupChecklist checklist={forn.checklist} url={forn.url ?? forn.extensoes?.site?.url ?? null} onGo={go} />}
          <h1 className="panel__title">{section}</h1>
          <Suspense fallback={<PageLoading />}>
            <View usuario={usuario} forn={forn} update={update} reload={reload} live={live + ordersBump} pendentes={pendentes} totalPendentes={total} onOrdersChanged={() => setOrdersBump((b) => b + 1)} linkedOrder={section === 'Entregas' ? linkedOrder : null} />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
