/**
 * `tentar_devolucao_pix` (admin only): asks the PSP again for a refund that failed ('falhou') or
 * was not made ('nao_realizado'); `id` is the refund's (`devolucoes[].id` or
 * `recebidos[].devolucao_id`). Answers `{ok: true}`.
 */
import { rpcRequest, type RpcResponse } from '@/lib/rpc';

export function tentarDevolucaoPix(id: string): Promise<RpcResponse<{ ok: boolean }>> {
  return rpcRequest<{ ok: boolean }>('tentar_devolucao_pix', { id });
}
