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
 * 'Finalizar Compra' sends nothing then, and every choice made stays. The drawer only renders:
 * the steps, the choices, the coupon and the last attempt's result are one reducer
 * (../checkoutState.ts), driven by `useCheckout` (the requests, wasm-core's numbers); the order
 * payload is `api/finalizarPedido`'s, the small steps are `ModeStep` and `Prompts`. The address
 * wizard is the address feature's, handed in by the app through `BagProvider`.
 *
 * A checkout never doubles: each attempt's `Idempotency-Key` (../idempotency.ts) is sent again
 * when the same order is sent again after an unknown outcome, and is new otherwise. A bag line
 * whose product sold out or is no longer available (as the storefront, the product page or a
 * refusal taught the bag) is named, and 'Continuar Compra' / 'Finalizar Compra' wait until it is
 * removed; after a refusal the bag's products are read again, so the review shows why.
 */
import { Suspense, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '@/components/Dialog';
import { BackIcon } from '@/components/OrderIcons';
import { SEM_CONEXAO_PEDIDO } from '@/lib/online';
import { ERRO_GENERICO } from '@/lib/rpc';
import type { UserInfo } from '@/lib/session';
import { canGoBack, type CheckoutStepName } from '../checkoutState';
import { paymentOptions } from '../rules';
import { useCheckout, type Checkout } from '../useCheckout';
import { BagStep } from './BagStep';
import { ModeStep } from './ModeStep';
import { PaymentStep } from './PaymentStep';
import { AddressPrompt, ErrorStep, SignInPrompt, Spinner } from './Prompts';
import { SuccessStep } from './SuccessStep';
import { SummaryStep } from './SummaryStep';
import '../checkout.css';

/**
 * The address wizard shown to a buyer without an address (the app hands in the address feature's;
 * it may be lazily loaded). `onDone` receives the user with the saved address.
 */
export type AddressWizardComponent = ComponentType<{ user: UserInfo; onCancel: () => void; onDone: (user: UserInfo) => void }>;

const TITLES: Record<CheckoutStepName, string> = {
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

export default function CheckoutDrawer({ onClose, AddressWizard }: { onClose: () => void; AddressWizard: AddressWizardComponent }) {
  const c = useCheckout();
  const navigate = useNavigate();
  const { passo, offline, user } = c;

  function goToOrders() {
    onClose();
    if (user) navigate(`/painel/perfil/${encodeURIComponent(user.usuario)}`, { state: { inicial: 'historico' } });
  }

  return (
    <Dialog
      title={TITLES[passo.passo]}
      onClose={onClose}
      dismissable={passo.passo !== 'enviando'}
      className={`checkout${passo.passo === 'sacola' ? ' checkout--drawer' : ''}`}
    >
      {canGoBack(c.state) && (
        <button type="button" className="icon-btn checkout__back" aria-label="Voltar" onClick={c.acoes.voltar}>
          <BackIcon />
        </button>
      )}
      {offline && passo.passo !== 'sucesso' && (
        <p className="checkout__offline" role="alert" data-testid="sem-conexao-pedido">
          {SEM_CONEXAO_PEDIDO}
        </p>
      )}
      <Body c={c} AddressWizard={AddressWizard} onOrders={goToOrders} onClose={onClose} />
    </Dialog>
  );
}

function Body({ c, AddressWizard, onOrders, onClose }: { c: Checkout; AddressWizard: AddressWizardComponent; onOrders: () => void; onClose: () => void }) {
  const navigate = useNavigate();
  const { core, passo, state, items, supplier, user, acoes } = c;
  if (c.failed) {
    return (
      <p className="form__error" role="alert">
        {ERRO_GENERICO}
      </p>
    );
  }
  if (!core || !c.subtotal) return <Spinner />;
  const delivery = supplier?.extensoes?.delivery;
  switch (passo.passo) {
    case 'sacola':
      return (
        <BagStep
          core={core}
          items={items}
          nomeforn={supplier?.nomeforn ?? items[0]?.infos.nomeforn ?? null}
          subtotal={c.subtotal}
          message={state.avisoSacola}
          block={c.block}
          busy={!supplier}
          onQuantity={acoes.quantidade}
          onRemove={acoes.remover}
          onContinue={acoes.continuarSacola}
        />
      );
    case 'login':
      return <SignInPrompt onSignIn={acoes.signIn} />;
    case 'endereco':
      return passo.cadastrando && user ? (
        <Suspense fallback={<Spinner />}>
          <AddressWizard user={user} onCancel={() => acoes.cadastrarEndereco(false)} onDone={acoes.enderecoSalvo} />
        </Suspense>
      ) : (
        <AddressPrompt onRegister={() => acoes.cadastrarEndereco(true)} />
      );
    case 'modo':
      return (
        <ModeStep
          delivery={delivery}
          foraDaArea={c.foraDaArea}
          retirada={c.retirada}
          aviso={user?.aviso_localizacao ?? null}
          onChoose={acoes.escolherModo}
        />
      );
    case 'resumo':
      return (
        state.modo && (
          <SummaryStep
            core={core}
            items={items}
            modo={state.modo}
            fee={c.fee}
            summary={c.summary}
            descricao={(state.modo === 'entrega' ? delivery?.descricaoentrega : delivery?.descricaoretirada) ?? null}
            datas={c.datas}
            data={state.data}
            onData={acoes.escolherData}
            cupomText={state.cupom.texto}
            cupomApplied={state.cupom.aplicado?.codigo ?? null}
            checkingCoupon={state.cupom.verificando}
            onCupomText={acoes.cupomTexto}
            onApplyCoupon={acoes.aplicarCupom}
            onRemoveCoupon={acoes.removerCupom}
            onContinue={acoes.continuarResumo}
            onBackToStore={() => {
              onClose();
              const url = supplier?.url ?? supplier?.extensoes?.site?.url;
              if (url) navigate(`/${url}`);
            }}
          />
        )
      );
    case 'pagamento':
      return (
        <PaymentStep
          core={core}
          options={paymentOptions(supplier)}
          value={state.pagamento}
          summary={c.summary}
          onChange={acoes.escolherPagamento}
          onFinish={acoes.finalizar}
          offline={c.offline}
          block={c.block}
          onSubscribe={c.datas ? acoes.assinar : null}
          entrega={state.modo === 'entrega'}
          perfil={c.enderecoPerfil}
        />
      );
    case 'enviando':
      return <Spinner text="Finalizando pedido..." />;
    case 'sucesso':
      return <SuccessStep core={core} pedido={passo.pedido} pix={passo.pix} onOrders={onOrders} onClose={onClose} />;
    case 'erro':
      return <ErrorStep message={passo.mensagem} onBack={acoes.voltar} />;
  }
}
