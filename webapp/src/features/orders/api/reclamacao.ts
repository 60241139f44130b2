/**
 * The buyer's problem case (decisions.md §37): 'Tive um problema' opens it (`abrir_reclamacao`,
 * with up to 3 photos shrunk in the browser like product photos); its thread is read with
 * `pegar_reclamacao` and answered with `responder_reclamacao`; the buyer may accept the store's
 * proposal (`aceitar_proposta`) or ask the Feira to decide (`pedir_mediacao`).
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export type Motivo = 'nao_recebi' | 'faltando' | 'defeito' | 'outro';

export function abrirReclamacao(idpedido: string, motivo: Motivo, texto: string, fotos: string[]): Promise<RpcResult<'abrir_reclamacao'>> {
  return rpc('abrir_reclamacao', { idpedido, motivo, texto, fotos });
}

export function pegarReclamacao(idpedido: string): Promise<RpcResult<'pegar_reclamacao'>> {
  return rpc('pegar_reclamacao', { idpedido });
}

export function responderReclamacao(idpedido: string, texto: string): Promise<RpcResult<'responder_reclamacao'>> {
  return rpc('responder_reclamacao', { idpedido, texto });
}

export function aceitarProposta(idpedido: string): Promise<RpcResult<'aceitar_proposta'>> {
  return rpc('aceitar_proposta', { idpedido });
}

export function pedirMediacao(idpedido: string): Promise<RpcResult<'pedir_mediacao'>> {
  return rpc('pedir_mediacao', { idpedido });
}
