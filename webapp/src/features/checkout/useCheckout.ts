/**
 * The checkout drawer's hook: the reducer (./checkoutState.ts) and what it cannot do itself — the
 * requests (`pegar_dadosforn` when the drawer opens, `validar_cupom`, `finalizar_pedido` with the
 * attempt's `Idempotency-Key`, the products read again after a refusal), wasm-core's numbers
 * (subtotal, fee, summary, purchases closed) and the stores (bag, account, connection). It hands
 * the drawer what to show and what each control does.
 *
 * When the store has delivery days (decisions.md §36) the buyer picks one of the dates and windows
 * wasm-core offers now; a refusal saying it is no longer offered (`data_indisponivel`) clears the
 * choice and reads the store's data again.
 *
 * After a refusal that says the bag is out of date (`precos_mudaram`, `estoque_insuficiente`,
 * `conflito`, `nao_encontrado`), the bag's products are read again (new prices, a stock that no
 * longer covers it, sold out, disabled; a product no longer found is unavailable), so the buyer
 * reviews them.
 */
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useAccount } from '@/hooks/useAccount';
import { useCore } from '@/hooks/useCore';
import { bagPatchOf, clearBag, refreshBag, useBag, type BagInfos, type BagItem } from '@/lib/bag';
import { useOffline } from '@/lib/online';
import { ERRO_GENERICO, type ErrorCode } from '@/lib/rpc';
import type { UserInfo } from '@/lib/session';
import { finalizarPedido, orderPayload } from './api/finalizarPedido';
import { addressPayload, type AddressValue } from '@/components/places/AddressFields';
import { assinar, type Frequencia, type PixAutomatico } from './api/assinar';
import { localizarEndereco } from './api/localizarEndereco';
import type { Subscribed } from './components/SubscribeBox';
import { getOrderNote, setOrderNote } from './note';
import { pegarDadosforn } from './api/pegarDadosforn';
import { pegarProduto } from './api/pegarProduto';
import { validarCupom } from './api/validarCupom';
import { initialCheckoutState, currentStep, reduceCheckout } from './checkoutState';
import { orderKey, recordAnswer } from './idempotency';
import {
  bagBlock,
  bagSubtotal,
  coreCoupon,
  deliveryFee,
  feeCalculating,
  fulfilmentOptions,
  offeredDates,
  orderSummary,
  outOfArea,
  purchasesClosed,
  reais,
  type BuyerInfo,
} from './rules';

/** What the checkout's rules read of a user. */
const buyerOf = (u: UserInfo | null): BuyerInfo => ({ rua: u?.rua ?? null, latitude: u?.latitude ?? null, longitude: u?.longitude ?? null });

export const CUPOM_NAO_ENCONTRADO = 'Cupom não encontrado!';

/** 'Rua X, 12 — Centro, Piracicaba, SP' of the profile's address. */
export function enderecoEmUmaLinha(u: Pick<UserInfo, 'rua' | 'numero' | 'bairro' | 'cidade'>): string {
  const rua = [u.rua, u.numero].filter((p) => p && p.trim() !== '').join(', ');
  const lugar = [u.bairro, u.cidade].filter((p) => p && p.trim() !== '').join(', ');
  return lugar ? `${rua} — ${lugar}` : rua;
}

/** The codes of a coupon its rules refuse ('Cupom expirado.', 'Este cupom já foi usado.', …). */
const CUPOM_RECUSADO: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'cupom_ainda_nao_valido',
  'cupom_expirado',
  'cupom_esgotado',
  'cupom_ja_usado',
  'cupom_pedido_minimo',
]);

/** The refusals after which the bag's products are read again. */
const BAG_DESATUALIZADA: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['precos_mudaram', 'estoque_insuficiente', 'conflito', 'nao_encontrado']);

/**
 * The products as stored now: prices, stock, sold out, disabled; a product no longer found is
 * unavailable.
 */
async function releProdutos(items: BagItem[]) {
  const answers = await Promise.all(items.map((it) => pegarProduto(it.infos.id)));
  const infos = new Map<string, Partial<BagInfos>>();
  answers.forEach((a, i) => {
    if (a.error === undefined) infos.set(a.item.id, bagPatchOf(a.item));
    else if (a.codigo_erro === 'nao_encontrado') infos.set(items[i].infos.id, { indisponivel: true });
  });
  if (infos.size) refreshBag({ infos });
}

export function useCheckout() {
  const { core, failed } = useCore();
  const { items, dadosforn: stored, setQuantity, remove } = useBag();
  const { user, signIn } = useAccount();
  const offline = useOffline();
  const [state, dispatch] = useReducer(reduceCheckout, items.length > 0, initialCheckoutState);
  const step = currentStep(state);
  const { modo, pagamento, cupom, data } = state;

  const supplier = state.fornecedor.dados ?? stored;
  const loadingSupplier = state.fornecedor.carregando;
  const userforn = items[0]?.infos.userforn ?? null;
  const ofertas = fulfilmentOptions(supplier);
  /** What is offered to user `u` (beyond the delivery distance: pickup only, and why). */
  const modosPara = (u: UserInfo | null) => ({
    ...ofertas,
    foraDaArea: !!(core && supplier && u && outOfArea(core, supplier, buyerOf(u))),
  });

  // Read again when the server said the date chosen is no longer offered (the store's days may have changed).
  const [releitura, setReleitura] = useState(0);
  // The supplier's current settings (purchases closed, delivery, payments, days).
  useEffect(() => {
    if (!userforn) return;
    const ctrl = new AbortController();
    void pegarDadosforn(userforn, ctrl.signal).then((r) => {
      if (ctrl.signal.aborted) return;
      if (r.error !== undefined) {
        console.error('pegar_dadosforn:', r.error);
        dispatch({ tipo: 'fornecedor_lido', dados: null });
        return;
      }
      dispatch({ tipo: 'fornecedor_lido', dados: r.dadosforn });
      refreshBag({ dadosforn: r.dadosforn });
    });
    return () => ctrl.abort();
  }, [userforn, releitura]);

  // The sign-in prompt moves on as soon as the user is signed in (adjusting state while rendering).
  if (step.passo === 'login' && user) dispatch({ tipo: 'pronto_para_comprar', usuario: user, modos: modosPara(user) });

  const buyer = useMemo(
    () => ({ rua: user?.rua ?? null, latitude: user?.latitude ?? null, longitude: user?.longitude ?? null }),
    [user?.rua, user?.latitude, user?.longitude],
  );
  const foraDaArea = useMemo(() => (core && supplier ? outOfArea(core, supplier, buyer) : null), [core, supplier, buyer]);
  const subtotal = useMemo(() => (core ? bagSubtotal(core, items) : null), [core, items]);
  const block = useMemo(() => bagBlock(items), [items]);
  const fee = useMemo(() => {
    if (!core || modo !== 'entrega') return null;
    if (loadingSupplier || !supplier) return feeCalculating(core);
    return deliveryFee(core, supplier, buyer);
  }, [core, modo, loadingSupplier, supplier, buyer]);
  // The dates and windows offered now (recomputed at each render: time passes), or null without days.
  const datas = core && modo ? offeredDates(core, supplier, modo) : null;
  const summary = useMemo(() => {
    if (!core || !supplier || !modo || items.length === 0) return null;
    return orderSummary(core, { items, supplier, buyer, modo, cupom: cupom.aplicado });
  }, [core, supplier, modo, items, buyer, cupom.aplicado]);

  function continueWithBag() {
    if (!core || !supplier || block) return;
    dispatch({ tipo: 'continuar_sacola', fechado: purchasesClosed(core, items, supplier), usuario: user, modos: modosPara(user) });
  }

  async function aplicarCupom() {
    const codigo = cupom.texto.trim().toUpperCase();
    if (!core || !userforn || !codigo || cupom.verificando) return;
    dispatch({ tipo: 'cupom_verificando' });
    const r = await validarCupom(userforn, codigo);
    if (r.error !== undefined) {
      if (r.codigo_erro === 'nao_encontrado') {
        window.alert(CUPOM_NAO_ENCONTRADO);
        dispatch({ tipo: 'cupom_nao_encontrado' });
      } else if (CUPOM_RECUSADO.has(r.codigo_erro)) {
        // Its rules refuse it (decisions.md §32): the server's message says which.
        window.alert(r.error);
        dispatch({ tipo: 'cupom_nao_encontrado' });
      } else {
        window.alert(ERRO_GENERICO);
        dispatch({ tipo: 'cupom_falhou' });
      }
      return;
    }
    try {
      dispatch({ tipo: 'cupom_aplicado', cupom: coreCoupon(core, r) });
    } catch (err) {
      console.error('cupom:', err);
      window.alert(CUPOM_NAO_ENCONTRADO);
      dispatch({ tipo: 'cupom_nao_encontrado' });
    }
  }

  async function finish() {
    if (!summary?.ok || !pagamento || !modo || !userforn || !user || offline || block) return;
    if (datas && !data) return;
    const payload = orderPayload({
      items,
      forn: userforn,
      total: reais(summary.summary.total_centavos),
      pagamento,
      entrega: modo === 'entrega',
      cupom: cupom.aplicado?.codigo ?? null,
      data: datas ? data : null,
      observacao: getOrderNote(),
    });
    // The same order sent again after an unknown outcome carries the same key; anything else a new one.
    const pixKey = orderKey(payload);
    dispatch({ tipo: 'enviar' });
    const r = await finalizarPedido(payload, pixKey);
    recordAnswer(r);
    dispatch({ tipo: 'respondido', r });
    if (r.error === undefined) {
      clearBag();
      setOrderNote('');
    }
    else if (BAG_DESATUALIZADA.has(r.codigo_erro)) void releProdutos(items);
    else if (r.codigo_erro === 'data_indisponivel') setReleitura((n) => n + 1);
  }

  /**
   * 'Assinar' (decisions.md §35): the bag, with the date and window chosen, becomes a basket paid
   * in person or by Pix Automático; answers the server's message on a refusal, or the basket's
   * next delivery (and the recurrence's QR to authorise).
   */
  async function assinarSacola(frequencia: Frequencia, pix: PixAutomatico | null = null, outro: AddressValue | null = null): Promise<Subscribed> {
    if (!core || !supplier || !summary?.ok || !modo || !userforn || !user || offline || block || !datas || !data) {
      return { ok: false, texto: 'Escolha a data e o horário antes de assinar.' };
    }
    // Delivered to another address: located by the server, its fee computed here by wasm-core.
    let total = summary.summary.total_centavos;
    const endereco = outro ? addressPayload(outro) : null;
    if (endereco) {
      const onde = await localizarEndereco(endereco);
      if (onde.error !== undefined) return { ok: false, texto: onde.error };
      const there = orderSummary(core, {
        items,
        supplier,
        buyer: { rua: endereco.rua, latitude: onde.latitude, longitude: onde.longitude },
        modo,
        cupom: cupom.aplicado,
      });
      if (!there.ok) return { ok: false, texto: there.message };
      total = there.summary.total_centavos;
    }
    const payload = orderPayload({
      items,
      forn: userforn,
      total: reais(total),
      pagamento: '1',
      entrega: modo === 'entrega',
      cupom: cupom.aplicado?.codigo ?? null,
      data,
      observacao: getOrderNote(),
    });
    const r = await assinar(payload, frequencia, pix, endereco);
    if (r.error !== undefined) return { ok: false, texto: r.error };
    clearBag();
    setOrderNote('');
    return {
      ok: true,
      texto: `Assinatura criada! Primeira entrega: ${r.proxima_entrega_texto ?? r.proxima_data}. Acompanhe em Meu perfil › Minhas assinaturas.`,
      pixCode: r.pix_automatico?.pix_code ?? null,
      pixImage: r.pix_automatico?.pix_image ?? null,
    };
  }

  return {
    core,
    failed,
    state,
    passo: step,
    items,
    supplier,
    user,
    offline,
    subtotal,
    block,
    fee,
    summary,
    /** The dates and windows the buyer may choose for the chosen mode, or null when the store has none. */
    datas,
    /** The profile's address as one line ('Rua X, 12 — Centro, Piracicaba, SP'), or null. */
    enderecoPerfil: user?.rua ? enderecoEmUmaLinha(user) : null,
    /** 'Endereço fora da área de entrega de {nomeforn}.', or null. */
    foraDaArea,
    /** Whether the supplier offers pickup. */
    retirada: ofertas.retirada,
    acoes: {
      signIn,
      voltar: () => dispatch({ tipo: 'voltar' }),
      quantidade: (i: number, q: number) => {
        dispatch({ tipo: 'sacola_mudou' });
        setQuantity(i, q);
      },
      remover: (i: number) => {
        dispatch({ tipo: 'sacola_mudou' });
        remove(i);
      },
      continuarSacola: continueWithBag,
      cadastrarEndereco: (abrir: boolean) => dispatch({ tipo: 'cadastrar_endereco', abrir }),
      enderecoSalvo: (u: UserInfo) => dispatch({ tipo: 'pronto_para_comprar', usuario: u, modos: modosPara(u) }),
      escolherModo: (m: NonNullable<typeof modo>) => dispatch({ tipo: 'escolher_modo', modo: m }),
      escolherData: (d: typeof data) => dispatch({ tipo: 'escolher_data', data: d }),
      continuarResumo: () => dispatch({ tipo: 'continuar_resumo' }),
      escolherPagamento: (p: NonNullable<typeof pagamento>) => dispatch({ tipo: 'escolher_pagamento', pagamento: p }),
      finalizar: () => void finish(),
      assinar: assinarSacola,
      cupomTexto: (texto: string) => dispatch({ tipo: 'cupom_texto', texto }),
      aplicarCupom: () => void aplicarCupom(),
      removerCupom: () => dispatch({ tipo: 'cupom_removido' }),
    },
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
