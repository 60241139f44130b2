/**
 * Recurring baskets (decisions.md §35; docs/subscriptions.md; subscribing is the checkout's,
 * `features/checkout/api/assinar`): `minhas_assinaturas`
 * lists the buyer's; `alterar_assinatura` skips, pauses, resumes, changes (its address too) or cancels one;
 * `pegar_assinaturas_loja` and `ferias_assinaturas` are the store's. The server checks and prices
 * everything again, as for an order.
 */
import { rpc, type Answer, type Payload, type RpcResult } from '@/lib/rpc';

export type Cesta = Answer<'minhas_assinaturas'>['assinaturas'][number];
export type AcaoCesta = Payload<'alterar_assinatura'>['acao'];

export function minhasAssinaturas(): Promise<RpcResult<'minhas_assinaturas'>> {
  return rpc('minhas_assinaturas', {});
}

/** What an action carries besides the basket and the action: `ate` (pausar), `endereco` (endereco: null for the profile's). */
export type DetalheCesta = Omit<Payload<'alterar_assinatura'>, 'id' | 'acao'>;

export function alterarAssinatura(id: string, acao: AcaoCesta, detalhe: DetalheCesta = {}): Promise<RpcResult<'alterar_assinatura'>> {
  return rpc('alterar_assinatura', { id, acao, ...detalhe });
}

export function pegarAssinaturasLoja(): Promise<RpcResult<'pegar_assinaturas_loja'>> {
  return rpc('pegar_assinaturas_loja', {});
}

export function feriasAssinaturas(de: string, ate: string): Promise<RpcResult<'ferias_assinaturas'>> {
  return rpc('ferias_assinaturas', { de, ate });
}
