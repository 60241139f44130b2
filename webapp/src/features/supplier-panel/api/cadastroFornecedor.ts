/**
 * `cadastro_fornecedor`: creates the signed-in user's business account (buyer-ads-admin.md §7).
 * The e-mail is the session's user's; `icone` is a base64 JPEG or null.
 */
import { rpc, type Payload, type RpcResult } from '@/lib/rpc';

export type CadastroInfos = Payload<'cadastro_fornecedor'>['infos'];

export const cadastroFornecedor = (icone: string | null, infos: CadastroInfos): Promise<RpcResult<'cadastro_fornecedor'>> =>
  rpc('cadastro_fornecedor', { icone, infos });
