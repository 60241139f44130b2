/**
 * The bag drawer and the checkout that follows it (spec §2 'Bag and checkout', §4 'Checkout'):
 *
 *   bag → 'Continuar Compra' → (signed out) sign-in prompt → (no street) 'Cadastre um endereço
 *   para realizar compras' and the address wizard → Entrega/Retirada choice (straight on when
 *   only one is offered; straight to the confirmation when neither) → summary (fee state, coupon,
 *   totals) → payment choice → 'Finalizar Compra' → loading → success (the order's number and
 *   total; Pix: QR code, 'copia e cola', the countdown, and 'Pagamento confirmado' once paid) or
 *   error. Back arrows go back a step. The bag is emptied on success.
 *
 * Loads wasm-core (every number shown comes from it) and the supplier's current data
 * (`pegar_dadosforn`) when it opens. The server recomputes the order and may refuse it: its
 * refusal is shown; any other failure is 'Algum erro ocorreu!' (spec §8). Offline, the drawer
 * still shows the bag (kept in the browser) and the steps it can, and says that finishing the
 * order needs a connection ('Sem conexão. Conecte-se à internet para finalizar o pedido.');
 * 'Finalizar Compra' sends nothing then, and every choice made stays. The coupon lives in
 * `useCoupon`, the order payload in `api/finalizarPedido`, the small steps in `ModeStep` and
 * `Prompts`. The address wizard is the address feature's, handed in by the app through
 * `BagProvider`.
 *
 * A checkout never doubles: each attempt's `Idempotency-Key` (../idempotency.ts) is sent again
 * when the same order is sent again after an unknown outcome, and is new otherwise. A bag line
 * whose product sold out or is no longer available (as the storefront, the product page or a
 * refusal taught the bag) is named, and 'Continuar Compra' / 'Finalizar Compra' wait until it is
 * removed; after a refusal the bag's products are read again, so the review shows why.
 */
import { Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '@/components/Dialog';
import { BackIcon } from '@/components/OrderIcons';
import { useAccount } from '@/hooks/useAccount';
import { useCore } from '@/hooks/useCore';
import { bagPatchOf, clearBag, refreshBag, useBag, type BagInfos } from '@/lib/bag';
import { SEM_CONEXAO_PEDIDO, useOffline } from '@/lib/online';
import { ERRO_GENERICO } from '@/lib/rpc';
import type { UserInfo } from '@/lib/session';
import type { DadosForn } from '@/types/catalog';
import type { Pedido } from '@/types/orders';
import { finalizarPedido, orderPayload } from '../api/finalizarPedido';
import { pegarDadosforn } from '../api/pegarDadosforn';
import { pegarProduto } from '../api/pegarProduto';
import { chaveDoPedido, registrarResposta } from '../idempotency';
import {
  bagBlock,
  bagSubtotal,
  deliveryFee,
  feeCalculating,
  fulfilmentOptions,
  orderSummary,
  outOfArea,
  paymentOptions,
  purchasesClosed,
  reais,
  type BuyerInfo,
  type Modo,
} from '../rules';
import { useCoupon } from '../useCoupon';
import { BagStep } from './BagStep';
import { ModeStep } from './ModeStep';
import { PaymentStep, type Pagamento } from './PaymentStep';
import { AddressPrompt, ErrorStep, SignInPrompt, Spinner } from './Prompts';
import { SuccessStep } from './SuccessStep';
import { SummaryStep } from './SummaryStep';
import '../checkout.css';

/**
 * The address wizard shown to a buyer without an address (the app hands in the address feature's;
 * it may be lazily loaded). `onDone` receives the user with the saved address.
 */
export type AddressWizardComponent = ComponentType<{ user: UserInfo; onCancel: () => void; onDone: (user: UserInfo) => void }>;

/** What the checkout's rules read of a user. */
const buyerOf = (u: UserInfo): BuyerInfo => ({ rua: u.rua ?? null, latitude: u.latitude ?? null, longitude: u.longitude ?? null });

export type Step = 'sacola' | 'login' | 'endereco' | 'modo' | 'resumo' | 'pagamento' | 'enviando' | 'sucesso' | 'erro';

const TITLES: Record<Step, string> = {
  sacola: 'Sua sacola',
  login: 'Entre para continuar',
  endereco: 'Endereço de entrega',
  modo: 'Entrega ou Retirada',
  resumo: 'Resumo do pedido',
  pagamento: 'Pagamento',
  enviando: 'Finalizando pedido',
  sucesso: 'Pedido realizado',
  erro: 'Não foi possível finalizar',
};

const PRECOS_MUDARAM = 'Os preços mudaram. Revise o pedido.';

/** What the last 'Finalizar Compra' gave: the order placed, or the message of its failure. */
type Resultado =
  | { tipo: 'sucesso'; pedido: Pedido | null; pix: { qrcode: string; imagem: string | null | undefined } | null }
  | { tipo: 'erro'; mensagem: string };

/** The supplier's current data (`pegar_dadosforn`), while it loads and once it came. */
interface Fornecedor {
  carregando: boolean;
  dados: DadosForn | null;
}

export default function CheckoutDrawer({ onClose, AddressWizard }: { onClose: () => void; AddressWizard: AddressWizardComponent }) {
  const { core, failed } = useCore();
  const { items, dadosforn: stored, setQuantity, remove } = useBag();
  const { user, signIn } = useAccount();
  const navigate = useNavigate();
  const offline = useOffline();

  const [steps, setSteps] = useState<Step[]>(['sacola']);
  const step = steps[steps.length - 1];
  const [fornecedor, setFornecedor] = useState<Fornecedor>({ carregando: items.length > 0, dados: null });
  const [bagMessage, setBagMessage] = useState<string | null>(null);
  const [wizard, setWizard] = useState(false);
  const [escolhas, setEscolhas] = useState<{ modo: Modo | null; pagamento: Pagamento | null }>({ modo: null, pagamento: null });
  const [resultado, setResultado] = useState<Resultado | null>(null);
  const { modo, pagamento } = escolhas;
  const setModo = (m: Modo) => setEscolhas((e) => ({ ...e, modo: m }));
  const setPagamento = (p: Pagamento) => setEscolhas((e) => ({ ...e, pagamento: p }));

  const loadingSupplier = fornecedor.carregando;
  const supplier = fornecedor.dados ?? stored;
  const userforn = items[0]?.infos.userforn ?? null;
  const coupon = useCoupon(core, userforn);
  const cupom = coupon.applied?.core ?? null;

  // The supplier's current settings (purchases closed, delivery, payments).
  useEffect(() => {
    if (!userforn) return;
    const ctrl = new AbortController();
    void pegarDadosforn(userforn, ctrl.signal).then((r) => {
      if (ctrl.signal.aborted) return;
      if (r.error !== undefined) {
        console.error('pegar_dadosforn:', r.error);
        setFornecedor((f) => ({ ...f, carregando: false }));
        return;
      }
      setFornecedor({ carregando: false, dados: r.dadosforn });
      refreshBag({ dadosforn: r.dadosforn });
    });
    return () => ctrl.abort();
  }, [userforn]);

  const push = (s: Step) => setSteps((st) => [...st, s]);
  const replace = (s: Step) => setSteps((st) => [...st.slice(0, -1), s]);
  const back = () => {
    if (resultado?.tipo === 'erro') setResultado(null);
    setSteps((st) => (st.length > 1 ? st.slice(0, -1) : st));
  };

  const buyer = useMemo(
    () => ({ rua: user?.rua ?? null, latitude: user?.latitude ?? null, longitude: user?.longitude ?? null }),
    [user?.rua, user?.latitude, user?.longitude],
  );
  const foraDaArea = useMemo(
    () => (core && supplier ? outOfArea(core, supplier, buyer) : null),
    [core, supplier, buyer],
  );

  const subtotal = useMemo(() => (core ? bagSubtotal(core, items) : null), [core, items]);
  const block = useMemo(() => bagBlock(items), [items]);
  const fee = useMemo(() => {
    if (!core || modo !== 'entrega') return null;
    if (loadingSupplier || !supplier) return feeCalculating(core);
    return deliveryFee(core, supplier, buyer);
  }, [core, modo, loadingSupplier, supplier, buyer]);
  const summary = useMemo(() => {
    if (!core || !supplier || !modo || items.length === 0) return null;
    return orderSummary(core, { items, supplier, buyer, modo, cupom });
  }, [core, supplier, modo, items, buyer, cupom]);

  /** After sign-in: the address prompt, or the mode choice. */
  function afterSignIn(u: UserInfo, how: 'push' | 'replace') {
    const go = how === 'push' ? push : replace;
    if (!u.rua?.trim()) {
      setWizard(false);
      go('endereco');
      return;
    }
    chooseMode(go, u);
  }

  /**
   * Both offered: choose; one: straight to it; neither: straight to the confirmation. Beyond the
   * supplier's delivery distance, the choice shows why delivery is not offered (pickup only).
   */
  function chooseMode(go: (s: Step) => void, u: UserInfo | null = user) {
    const o = fulfilmentOptions(supplier);
    const far = !!(core && supplier && u && outOfArea(core, supplier, buyerOf(u)));
    if ((o.entrega && o.retirada) || (o.entrega && far)) {
      go('modo');
    } else if (o.entrega || o.retirada) {
      setModo(o.entrega ? 'entrega' : 'retirada');
      go('resumo');
    } else {
      setModo('retirada');
      go('pagamento');
    }
  }

  function continueFromBag() {
    if (!core || !supplier || block) return;
    const closed = purchasesClosed(core, items, supplier);
    setBagMessage(closed);
    if (closed) return;
    if (!user) push('login');
    else afterSignIn(user, 'push');
  }

  // The sign-in prompt moves on as soon as the user is signed in (adjusting state while rendering).
  if (step === 'login' && user) afterSignIn(user, 'replace');

  async function finish() {
    if (!summary?.ok || !pagamento || !modo || !userforn || !user || offline || block) return;
    const s = summary.summary;
    const applied = coupon.applied;
    const payload = orderPayload({
      items,
      forn: userforn,
      user,
      total: reais(s.total_centavos),
      desconto: reais(s.desconto_centavos),
      taxaentregafinal: reais(s.taxa_centavos),
      pagamento,
      entrega: modo === 'entrega',
      cupom: applied ? { codigo: applied.core.codigo, valor: applied.wire.valor } : null,
    });
    // The same order sent again after an unknown outcome carries the same key; anything else a new one.
    const chave = chaveDoPedido(payload);
    push('enviando');
    const { status, data: r } = await finalizarPedido(payload, chave);
    registrarResposta(status);
    if (r.error !== undefined) {
      // A refusal names its reason (decisions.md §7–§8, docs/rpc.md); any other failure is the
      // spec's generic message (§8), its detail logged by the RPC client.
      const refused = status >= 400 && status < 500 && status !== 401;
      setResultado({ tipo: 'erro', mensagem: refused ? r.error : ERRO_GENERICO });
      replace('erro');
      // The products as stored now: new prices, a stock that no longer covers the order, a product
      // sold out or disabled meanwhile ('Estoque insuficiente para {titulo}').
      if (refused && (r.error === PRECOS_MUDARAM || status === 409 || status === 404)) void refreshProducts();
      return;
    }
    const qrcode = r.qrcode ?? r.all?.Infos?.qrcode ?? null;
    const imagem = r.imagem_qrcode ?? r.all?.Infos?.imagem_qrcode ?? null;
    setResultado({ tipo: 'sucesso', pedido: r.all ?? null, pix: pagamento === '2' && qrcode ? { qrcode, imagem } : null });
    clearBag();
    setSteps(['sucesso']);
  }

  /**
   * After a refusal: take the products as stored now (prices, stock, sold out, disabled; a product
   * no longer found is unavailable), so the buyer reviews them.
   */
  async function refreshProducts() {
    const answers = await Promise.all(
      items.map((it) => pegarProduto({ id: it.infos.id, userforn: it.infos.userforn, categoria: it.infos.categoria })),
    );
    const infos = new Map<string, Partial<BagInfos>>();
    answers.forEach(({ status, data: a }, i) => {
      if (a.error !== undefined) {
        if (status === 404) infos.set(items[i].infos.id, { indisponivel: true });
        return;
      }
      if (a.item) infos.set(a.item.id, bagPatchOf(a.item));
    });
    if (infos.size) refreshBag({ infos });
  }

  function goToOrders() {
    onClose();
    if (user) navigate(`/painel/perfil/${encodeURIComponent(user.usuario)}`, { state: { inicial: 'historico' } });
  }

  // The address wizard has its own 'Voltar' (its first step's goes back to the prompt).
  const canGoBack = steps.length > 1 && step !== 'enviando' && step !== 'sucesso' && !(step === 'endereco' && wizard);
  const delivery = supplier?.extensoes?.delivery;

  let body;
  if (failed) {
    body = (
      <p className="form__error" role="alert">
        {ERRO_GENERICO}
      </p>
    );
  } else if (!core || !subtotal) {
    body = <Spinner />;
  } else {
    switch (step) {
      case 'sacola':
        body = (
          <BagStep
            core={core}
            items={items}
            nomeforn={supplier?.nomeforn ?? items[0]?.infos.nomeforn ?? null}
            subtotal={subtotal}
            message={bagMessage}
            block={block}
            busy={!supplier}
            onQuantity={(i, q) => {
              setBagMessage(null);
              setQuantity(i, q);
            }}
            onRemove={(i) => {
              setBagMessage(null);
              remove(i);
            }}
            onContinue={continueFromBag}
          />
        );
        break;
      case 'login':
        body = <SignInPrompt onSignIn={signIn} />;
        break;
      case 'endereco':
        body =
          wizard && user ? (
            <Suspense fallback={<Spinner />}>
              <AddressWizard user={user} onCancel={() => setWizard(false)} onDone={(u) => afterSignIn(u, 'replace')} />
            </Suspense>
          ) : (
            <AddressPrompt onRegister={() => setWizard(true)} />
          );
        break;
      case 'modo':
        body = (
          <ModeStep
            delivery={delivery}
            foraDaArea={foraDaArea}
            retirada={fulfilmentOptions(supplier).retirada}
            aviso={user?.aviso_localizacao ?? null}
            onChoose={(m) => {
              setModo(m);
              push('resumo');
            }}
          />
        );
        break;
      case 'resumo':
        body = modo && (
          <SummaryStep
            core={core}
            items={items}
            modo={modo}
            fee={fee}
            summary={summary}
            descricao={(modo === 'entrega' ? delivery?.descricaoentrega : delivery?.descricaoretirada) ?? null}
            cupomText={coupon.text}
            cupomApplied={coupon.applied?.core.codigo ?? null}
            checkingCoupon={coupon.checking}
            onCupomText={coupon.setText}
            onApplyCoupon={() => void coupon.apply()}
            onRemoveCoupon={coupon.remove}
            onContinue={() => push('pagamento')}
          />
        );
        break;
      case 'pagamento':
        body = (
          <PaymentStep
            core={core}
            options={paymentOptions(supplier)}
            value={pagamento}
            summary={summary}
            onChange={setPagamento}
            onFinish={() => void finish()}
            offline={offline}
            block={block}
          />
        );
        break;
      case 'enviando':
        body = <Spinner text="Finalizando pedido..." />;
        break;
      case 'sucesso':
        body = (
          <SuccessStep
            core={core}
            pedido={resultado?.tipo === 'sucesso' ? resultado.pedido : null}
            pix={resultado?.tipo === 'sucesso' ? resultado.pix : null}
            onOrders={goToOrders}
            onClose={onClose}
          />
        );
        break;
      case 'erro':
        body = <ErrorStep message={resultado?.tipo === 'erro' ? resultado.mensagem : null} onBack={back} />;
        break;
    }
  }

  return (
    <Dialog title={TITLES[step]} onClose={onClose} dismissable={step !== 'enviando'} className={`checkout${step === 'sacola' ? ' checkout--drawer' : ''}`}>
      {canGoBack && (
        <button type="button" className="icon-btn checkout__back" aria-label="Voltar" onClick={back}>
          <BackIcon />
        </button>
      )}
      {offline && step !== 'sucesso' && (
        <p className="checkout__offline" role="alert" data-testid="sem-conexao-pedido">
          {SEM_CONEXAO_PEDIDO}
        </p>
      )}
      {body}
    </Dialog>
  );
}
