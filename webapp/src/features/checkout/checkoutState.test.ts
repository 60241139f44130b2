/**
 * The checkout's reducer on its own (no rendering, no request): the way from the bag to the
 * confirmation for each supplier offer and buyer, 'Voltar', the answer of `finalizar_pedido`
 * decided by its `codigo_erro` (a refusal's text shown, the server's trouble and no answer the
 * spec's generic message), and the coupon.
 */
import { describe, expect, it } from 'vitest';
import { ERRO_GENERICO, type ErrorCode, type RpcResult } from '@/lib/rpc';
import { USER } from '@/test/fixtures';
import { BUYER, pedido } from '@/test/shop';
import { initialCheckoutState, currentStep, canGoBack, reduceCheckout, type CheckoutAction, type CheckoutState, type CheckoutStepName } from './checkoutState';

const AMBOS = { entrega: true, retirada: true };

function apos(...acoes: CheckoutAction[]): CheckoutState {
  return acoes.reduce(reduceCheckout, initialCheckoutState(true));
}

const nomes = (s: CheckoutState): CheckoutStepName[] => s.passos.map((p) => p.passo);

/** From the bag to the payment step, delivery chosen. */
const ATE_PAGAMENTO: CheckoutAction[] = [
  { tipo: 'continuar_sacola', fechado: null, usuario: BUYER, modos: AMBOS },
  { tipo: 'escolher_modo', modo: 'entrega' },
  { tipo: 'continuar_resumo' },
  { tipo: 'escolher_pagamento', pagamento: '2' },
];

const falha = (codigo_erro: ErrorCode, error = 'Texto do servidor.'): RpcResult<'finalizar_pedido'> => ({ error, codigo_erro });

describe('checkout reducer: the way to the confirmation', () => {
  it('starts on the bag, loading the supplier; the supplier read ends the loading', () => {
    const s = initialCheckoutState(true);
    expect(nomes(s)).toEqual(['sacola']);
    expect(s.fornecedor).toEqual({ carregando: true, dados: null });
    expect(canGoBack(s)).toBe(false);
    expect(reduceCheckout(s, { tipo: 'fornecedor_lido', dados: null }).fornecedor).toEqual({ carregando: false, dados: null });
  });

  it('purchases closed: the bag says so and stays; a change in the bag clears it', () => {
    const s = apos({ tipo: 'continuar_sacola', fechado: 'Sítio está com o período de compras fechado!', usuario: BUYER, modos: AMBOS });
    expect(nomes(s)).toEqual(['sacola']);
    expect(s.avisoSacola).toBe('Sítio está com o período de compras fechado!');
    expect(reduceCheckout(s, { tipo: 'sacola_mudou' }).avisoSacola).toBeNull();
  });

  it('signed out: the sign-in step, replaced by the next one once signed in', () => {
    const s = apos({ tipo: 'continuar_sacola', fechado: null, usuario: null, modos: AMBOS });
    expect(nomes(s)).toEqual(['sacola', 'login']);
    expect(nomes(reduceCheckout(s, { tipo: 'pronto_para_comprar', usuario: BUYER, modos: AMBOS }))).toEqual(['sacola', 'modo']);
  });

  it('no street: the address prompt, its wizard, then on (the saved address replaces the step)', () => {
    let s = apos({ tipo: 'continuar_sacola', fechado: null, usuario: USER, modos: AMBOS });
    expect(currentStep(s)).toEqual({ passo: 'endereco', cadastrando: false });
    s = reduceCheckout(s, { tipo: 'cadastrar_endereco', abrir: true });
    expect(currentStep(s)).toEqual({ passo: 'endereco', cadastrando: true });
    // Inside the wizard its own 'Voltar' leads.
    expect(canGoBack(s)).toBe(false);
    s = reduceCheckout(s, { tipo: 'pronto_para_comprar', usuario: BUYER, modos: { entrega: false, retirada: true } });
    expect(nomes(s)).toEqual(['sacola', 'resumo']);
    expect(s.modo).toBe('retirada');
  });

  it.each([
    [{ entrega: true, retirada: true }, ['sacola', 'modo'], null],
    [{ entrega: true, retirada: false }, ['sacola', 'resumo'], 'entrega'],
    [{ entrega: false, retirada: true }, ['sacola', 'resumo'], 'retirada'],
    [{ entrega: false, retirada: false }, ['sacola', 'pagamento'], 'retirada'],
  ] as const)('offer %o: %o, mode %s', (modos, passos, modo) => {
    const s = apos({ tipo: 'continuar_sacola', fechado: null, usuario: BUYER, modos });
    expect(nomes(s)).toEqual(passos);
    expect(s.modo).toBe(modo);
  });

  it("'Voltar' goes back one step, never past the bag, never while sending or after success", () => {
    let s = apos(...ATE_PAGAMENTO);
    expect(nomes(s)).toEqual(['sacola', 'modo', 'resumo', 'pagamento']);
    s = reduceCheckout(s, { tipo: 'voltar' });
    expect(nomes(s)).toEqual(['sacola', 'modo', 'resumo']);
    s = apos(...ATE_PAGAMENTO, { tipo: 'enviar' });
    expect(currentStep(s).passo).toBe('enviando');
    expect(canGoBack(s)).toBe(false);
    expect(reduceCheckout(s, { tipo: 'voltar' })).toBe(s);
    expect(reduceCheckout(apos({ tipo: 'voltar' }), { tipo: 'voltar' }).passos).toHaveLength(1);
  });

  it('ignores what does not belong to the current step', () => {
    const s = initialCheckoutState(false);
    expect(reduceCheckout(s, { tipo: 'escolher_modo', modo: 'entrega' })).toBe(s);
    expect(reduceCheckout(s, { tipo: 'enviar' })).toBe(s);
    expect(reduceCheckout(s, { tipo: 'respondido', r: falha('erro_interno') })).toBe(s);
  });
});

describe("checkout reducer: 'Finalizar Compra' answered", () => {
  it('placed: success is the only step left, with the order and its Pix charge', () => {
    const all = pedido('o1', { qrcode: 'copia-e-cola', imagem_qrcode: 'data:x', pagamento: '2' });
    const s = apos(...ATE_PAGAMENTO, { tipo: 'enviar' }, { tipo: 'respondido', r: { all } });
    expect(s.passos).toEqual([{ passo: 'sucesso', pedido: all, pix: { qrcode: 'copia-e-cola', imagem: 'data:x' } }]);
  });

  it("the answer's own QR wins over the order's; paid in person there is no charge", () => {
    const all = pedido('o1', { qrcode: 'velho', imagem_qrcode: null });
    const pix = apos(...ATE_PAGAMENTO, { tipo: 'enviar' }, { tipo: 'respondido', r: { all, qrcode: 'novo', imagem_qrcode: 'data:novo' } });
    expect(currentStep(pix)).toMatchObject({ pix: { qrcode: 'novo', imagem: 'data:novo' } });
    const presencial = apos(...ATE_PAGAMENTO, { tipo: 'escolher_pagamento', pagamento: '1' }, { tipo: 'enviar' }, { tipo: 'respondido', r: { all } });
    expect(currentStep(presencial)).toMatchObject({ passo: 'sucesso', pix: null });
  });

  it.each<[ErrorCode, string]>([
    ['precos_mudaram', 'Texto do servidor.'],
    ['estoque_insuficiente', 'Texto do servidor.'],
    ['dados_invalidos', 'Texto do servidor.'],
    ['conflito', 'Texto do servidor.'],
    ['chave_reusada', 'Texto do servidor.'],
    ['muitas_tentativas', 'Texto do servidor.'],
    ['erro_interno', ERRO_GENERICO],
    ['indisponivel', ERRO_GENERICO],
    ['nao_autenticado', ERRO_GENERICO],
    ['erro_comunicacao', ERRO_GENERICO],
    ['sem_conexao', ERRO_GENERICO],
  ])('%s: the error step says %s, in place of the sending step; back returns to the payment', (codigo, mensagem) => {
    const s = apos(...ATE_PAGAMENTO, { tipo: 'enviar' }, { tipo: 'respondido', r: falha(codigo) });
    expect(nomes(s)).toEqual(['sacola', 'modo', 'resumo', 'pagamento', 'erro']);
    expect(currentStep(s)).toEqual({ passo: 'erro', mensagem });
    expect(currentStep(reduceCheckout(s, { tipo: 'voltar' })).passo).toBe('pagamento');
  });

  it('decides by the code, never by the text', () => {
    // A refusal's words with the code of the server's own failure: the generic message.
    const s = apos(...ATE_PAGAMENTO, { tipo: 'enviar' }, { tipo: 'respondido', r: falha('erro_interno', 'Os preços mudaram. Revise o pedido.') });
    expect(currentStep(s)).toEqual({ passo: 'erro', mensagem: ERRO_GENERICO });
  });
});

describe('checkout reducer: the coupon', () => {
  it('typed in upper case; checking, applied, removed', () => {
    let s = apos({ tipo: 'cupom_texto', texto: 'bemvindo10' });
    expect(s.cupom).toEqual({ texto: 'BEMVINDO10', aplicado: null, verificando: false });
    s = reduceCheckout(s, { tipo: 'cupom_verificando' });
    expect(s.cupom.verificando).toBe(true);
    s = reduceCheckout(s, { tipo: 'cupom_aplicado', cupom: { codigo: 'BEMVINDO10', tipo: '%', valor: 1000 } });
    expect(s.cupom).toEqual({ texto: 'BEMVINDO10', aplicado: { codigo: 'BEMVINDO10', tipo: '%', valor: 1000 }, verificando: false });
    expect(reduceCheckout(s, { tipo: 'cupom_removido' }).cupom).toEqual({ texto: '', aplicado: null, verificando: false });
  });

  it('not found clears the code and the applied coupon; any other failure keeps the code to retry', () => {
    const s = apos({ tipo: 'cupom_texto', texto: 'x1' }, { tipo: 'cupom_verificando' });
    expect(reduceCheckout(s, { tipo: 'cupom_nao_encontrado' }).cupom).toEqual({ texto: '', aplicado: null, verificando: false });
    expect(reduceCheckout(s, { tipo: 'cupom_falhou' }).cupom).toEqual({ texto: 'X1', aplicado: null, verificando: false });
  });
});
