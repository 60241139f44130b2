/**
 * The checkout as one reducer (pure: no request, no storage, no wasm call): where the buyer is
 * (the steps as a discriminated union, with the back stack), the supplier's data as read when the
 * drawer opened, the choices (delivery or pickup, payment), the coupon and what the last
 * 'Finalizar Compra' gave. The hook (../useCheckout.ts) runs the requests and computes with
 * wasm-core, then tells the reducer what happened; the drawer only renders.
 *
 *   sacola → (signed out) login → (no street) endereco → modo (both offered) → resumo →
 *   pagamento → enviando → sucesso | erro
 *
 * One offered mode goes straight to the summary; none, straight to the payment (pickup). Every
 * failure of `finalizar_pedido` is decided by its `codigo_erro`, never by its text: a refusal
 * shows the server's message, anything else the spec's 'Algum erro ocorreu!' (§8).
 */
import { ERRO_GENERICO, isRefusal, type RpcResult } from '@/lib/rpc';
import type { UserInfo } from '@/lib/session';
import type { DadosForn, Pedido } from '@/types/wire';
import type { Pagamento } from './api/finalizarPedido';
import type { CoreCoupon, OfferedDate, FulfilmentMode } from './rules';

/** The Pix charge to pay, as the order's answer carried it. */
export interface OrderPix {
  qrcode: string;
  imagem: string | null;
}

/** One step of the checkout. */
export type CheckoutStep =
  | { passo: 'sacola' }
  | { passo: 'login' }
  /** No street saved: the prompt, or (`cadastrando`) the address wizard. */
  | { passo: 'endereco'; cadastrando: boolean }
  | { passo: 'modo' }
  | { passo: 'resumo' }
  | { passo: 'pagamento' }
  | { passo: 'enviando' }
  | { passo: 'sucesso'; pedido: Pedido; pix: OrderPix | null }
  | { passo: 'erro'; mensagem: string };

export type CheckoutStepName = CheckoutStep['passo'];

/** What the supplier offers (rules' `fulfilmentOptions`). */
export interface CheckoutModes {
  entrega: boolean;
  retirada: boolean;
  /**
   * The buyer's stored point is beyond the supplier's maximum delivery distance (decisions.md
   * §31): the mode step then shows why delivery is not offered, and pickup only.
   */
  foraDaArea?: boolean;
}

export interface CheckoutState {
  /** The steps taken, the current one last ('Voltar' goes back one). */
  passos: CheckoutStep[];
  /** The supplier's current data (`pegar_dadosforn`): loading, then the answer (null when it failed). */
  fornecedor: { carregando: boolean; dados: DadosForn | null };
  /** The bag's own message (purchases closed), until the bag changes. */
  avisoSacola: string | null;
  modo: FulfilmentMode | null;
  /** The delivery or pickup date and window chosen, when the store has days (decisions.md §36). */
  data: OfferedDate | null;
  pagamento: Pagamento | null;
  /** The coupon as typed (upper case), the one applied (as wasm-core takes it), and whether one is being checked. */
  cupom: { texto: string; aplicado: CoreCoupon | null; verificando: boolean };
}

export type CheckoutAction =
  | { tipo: 'fornecedor_lido'; dados: DadosForn | null }
  /** A quantity changed or a line was removed: the bag's message goes. */
  | { tipo: 'sacola_mudou' }
  /** 'Continuar Compra': `fechado` is wasm-core's purchases-closed message, or null. */
  | { tipo: 'continuar_sacola'; fechado: string | null; usuario: UserInfo | null; modos: CheckoutModes }
  /** Signed in on the sign-in step, or the address saved: on to the next step (in place of this one). */
  | { tipo: 'pronto_para_comprar'; usuario: UserInfo; modos: CheckoutModes }
  | { tipo: 'cadastrar_endereco'; abrir: boolean }
  | { tipo: 'escolher_modo'; modo: FulfilmentMode }
  | { tipo: 'escolher_data'; data: OfferedDate | null }
  | { tipo: 'continuar_resumo' }
  | { tipo: 'escolher_pagamento'; pagamento: Pagamento }
  | { tipo: 'enviar' }
  | { tipo: 'respondido'; r: RpcResult<'finalizar_pedido'> }
  | { tipo: 'voltar' }
  | { tipo: 'cupom_texto'; texto: string }
  | { tipo: 'cupom_verificando' }
  | { tipo: 'cupom_aplicado'; cupom: CoreCoupon }
  /** Unknown code (or one wasm-core refuses): the typed code and the applied coupon go. */
  | { tipo: 'cupom_nao_encontrado' }
  /** Any other failure: the typed code stays, to retry. */
  | { tipo: 'cupom_falhou' }
  | { tipo: 'cupom_removido' };

export function initialCheckoutState(carregandoFornecedor: boolean): CheckoutState {
  return {
    passos: [{ passo: 'sacola' }],
    fornecedor: { carregando: carregandoFornecedor, dados: null },
    avisoSacola: null,
    modo: null,
    data: null,
    pagamento: null,
    cupom: { texto: '', aplicado: null, verificando: false },
  };
}

export function currentStep(s: CheckoutState): CheckoutStep {
  return s.passos[s.passos.length - 1];
}

/** Whether 'Voltar' shows: not on the first step, while sending, after success, or inside the address wizard (it has its own). */
export function canGoBack(s: CheckoutState): boolean {
  const p = currentStep(s);
  return s.passos.length > 1 && p.passo !== 'enviando' && p.passo !== 'sucesso' && !(p.passo === 'endereco' && p.cadastrando);
}

const pushStep = (s: CheckoutState, p: CheckoutStep): CheckoutState => ({ ...s, passos: [...s.passos, p] });
const replaceStep = (s: CheckoutState, p: CheckoutStep): CheckoutState => ({ ...s, passos: [...s.passos.slice(0, -1), p] });

/** After sign-in: the address prompt when no street is saved, else the mode choice (or what it implies). */
function afterSignIn(s: CheckoutState, usuario: UserInfo, modos: CheckoutModes, ir: typeof pushStep): CheckoutState {
  if (!usuario.rua?.trim()) return ir(s, { passo: 'endereco', cadastrando: false });
  if (modos.entrega && (modos.retirada || modos.foraDaArea)) return ir(s, { passo: 'modo' });
  if (modos.entrega || modos.retirada) return ir({ ...s, modo: modos.entrega ? 'entrega' : 'retirada' }, { passo: 'resumo' });
  return ir({ ...s, modo: 'retirada' }, { passo: 'pagamento' });
}

/** What `finalizar_pedido` answered, as the step that shows it. */
function outcome(s: CheckoutState, r: RpcResult<'finalizar_pedido'>): CheckoutStep {
  if (r.error !== undefined) return { passo: 'erro', mensagem: isRefusal(r) ? r.error : ERRO_GENERICO };
  const qrcode = r.qrcode ?? r.all.Infos.qrcode;
  const image = r.imagem_qrcode ?? r.all.Infos.imagem_qrcode;
  return { passo: 'sucesso', pedido: r.all, pix: s.pagamento === '2' && qrcode ? { qrcode, imagem: image } : null };
}

export function reduceCheckout(s: CheckoutState, a: CheckoutAction): CheckoutState {
  const atual = currentStep(s);
  switch (a.tipo) {
    case 'fornecedor_lido':
      return { ...s, fornecedor: { carregando: false, dados: a.dados ?? s.fornecedor.dados } };
    case 'sacola_mudou':
      return s.avisoSacola === null ? s : { ...s, avisoSacola: null };
    case 'continuar_sacola':
      if (atual.passo !== 'sacola') return s;
      if (a.fechado) return { ...s, avisoSacola: a.fechado };
      if (!a.usuario) return pushStep({ ...s, avisoSacola: null }, { passo: 'login' });
      return afterSignIn({ ...s, avisoSacola: null }, a.usuario, a.modos, pushStep);
    case 'pronto_para_comprar':
      if (atual.passo !== 'login' && atual.passo !== 'endereco') return s;
      return afterSignIn(s, a.usuario, a.modos, replaceStep);
    case 'cadastrar_endereco':
      return atual.passo === 'endereco' ? replaceStep(s, { passo: 'endereco', cadastrando: a.abrir }) : s;
    case 'escolher_modo':
      return atual.passo === 'modo' ? pushStep({ ...s, modo: a.modo, data: a.modo === s.modo ? s.data : null }, { passo: 'resumo' }) : s;
    case 'escolher_data':
      return { ...s, data: a.data };
    case 'continuar_resumo':
      return atual.passo === 'resumo' ? pushStep(s, { passo: 'pagamento' }) : s;
    case 'escolher_pagamento':
      return { ...s, pagamento: a.pagamento };
    case 'enviar':
      return atual.passo === 'pagamento' ? pushStep(s, { passo: 'enviando' }) : s;
    case 'respondido': {
      if (atual.passo !== 'enviando') return s;
      const passo = outcome(s, a.r);
      if (passo.passo === 'sucesso') return { ...s, passos: [passo] };
      // A date no longer offered: the buyer chooses again among the dates offered now.
      const data = a.r.error !== undefined && a.r.codigo_erro === 'data_indisponivel' ? null : s.data;
      return replaceStep({ ...s, data }, passo);
    }
    case 'voltar':
      return canGoBack(s) ? { ...s, passos: s.passos.slice(0, -1) } : s;
    case 'cupom_texto':
      return { ...s, cupom: { ...s.cupom, texto: a.texto.toUpperCase() } };
    case 'cupom_verificando':
      return { ...s, cupom: { ...s.cupom, verificando: true } };
    case 'cupom_aplicado':
      return { ...s, cupom: { ...s.cupom, aplicado: a.cupom, verificando: false } };
    case 'cupom_nao_encontrado':
      return { ...s, cupom: { texto: '', aplicado: null, verificando: false } };
    case 'cupom_falhou':
      return { ...s, cupom: { ...s.cupom, verificando: false } };
    case 'cupom_removido':
      return { ...s, cupom: { texto: '', aplicado: null, verificando: false } };
  }
}
