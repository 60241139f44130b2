/**
 * `cadastro_fornecedor`: creates the signed-in user's business account (buyer-ads-admin.md §7).
 */
import { rpc } from '@/lib/rpc';
import type { UserInfo } from '@/lib/session';

export interface CadastroInfos {
  cidades: string[];
  nomeforn: string;
  cpf: string;
  descricaoforn: string | null;
  instagram: string | null;
  local: number;
  email: string;
  telefone: string;
  vendasforn: 0;
}

export const cadastroFornecedor = (usuario: string, icone: string | null, infos: CadastroInfos) =>
  rpc<{ ok?: boolean; userinfo?: UserInfo }>('cadastro_fornecedor', { usuario, icone, infos });
