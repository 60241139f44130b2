/**
 * Tests only: the admin user and sample rows of the admin actions.
 */
import { USER } from '@/test/fixtures';
import type { FornecedorAdmin } from '../api/loadingAdmin';
import type { Cliente } from '../api/pegarClientes';
import type { SolicitacaoSaque } from '../api/pegarSolicitacoesSaque';

export const ADMIN = { ...USER, usuario: 'adm', email: 'admin@feira.test', nome: 'Administração Feira', admin: true };

export function fornecedor(over: Partial<FornecedorAdmin> = {}): FornecedorAdmin {
  return {
    usuario: 'demo-joao',
    nomeforn: 'Sítio Boa Vista',
    email: 'fornecedor@feira.test',
    telefone: '(19) 99876-5432',
    cpf: '08183658466',
    iconeforn: null,
    fundoforn: null,
    url: 'sitio-boa-vista',
    vendasforn: 120,
    oculto: false,
    invisivel: false,
    ...over,
  };
}

export function cliente(over: Partial<Cliente> = {}): Cliente {
  return {
    usuario: 'demo-carla',
    nome: 'Carla Souza',
    email: 'comprador@feira.test',
    telefone: '(19) 99230-1478',
    cidade: 'Piracicaba, SP',
    rua: 'Avenida Independência',
    numero: '2350',
    complemento: 'Apto 42',
    ...over,
  };
}

export function saque(over: Partial<SolicitacaoSaque> = {}): SolicitacaoSaque {
  return {
    id: 's1',
    usuario: 'demo-joao',
    nomeforn: 'Sítio Boa Vista',
    iconeforn: null,
    Solicitacao: { valor: 39.2, bruto: 40, taxa: 0.8, chave_pix: 'fornecedor@feira.test', horario: 0 },
    pedidos: [],
    ...over,
  };
}
