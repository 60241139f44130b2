/**
 * `tentar_devolucao_pix` (admin only): asks the PSP again for a refund that failed ('falhou') or
 * was not made ('nao_realizado'); `id` is the refund's (`devolucoes[].id` or
 * `recebidos[].devolucao_id`). Answers `{ok: true}`.
 */
import { rpc, type RpcResult } from '@/lib/rpc';

export function tentarDevolucaoPix(id: string): Promise<RpcResult<'tentar_devolucao_pix'>> {
  return rpc('tentar_devolucao_pix', { id });
}
