/**
 * Tests only: demo-like shop data for the bag and the checkout, built on ./catalog's samples (the
 * seed's 'Sítio Boa Vista': per-km fee R$ 2,50 from its coordinates, minimum R$ 30,00 for
 * delivery, Pix and in person), and a signed-in buyer with an address in Piracicaba.
 */
import { plainOption } from '@/lib/options';
import { SESSION_KEY, type UserInfo } from '@/lib/session';
import type { DadosForn, DeliveryForn, Pedido, Produto } from '@/types/wire';
import * as sample from './catalog';
import { USER } from './fixtures';

/** A seed-like product of 'Sítio Boa Vista' (`forn1`): no images, no minimum, 40 in stock. */
export function produto(over: Partial<Produto> = {}): Produto {
  return sample.produto({ descricao: null, icone: null, fotos: {}, minimo: null, estoque: 40, opcoes: [], userforn: 'forn1', vendas: 3, ...over });
}

export const ALFACE = produto();
export const TOMATE = produto({ id: 'p2', idlocal: 'p2', titulo: 'tomate italiano', preco: 9.9, precopromo: 8.5, minimopromo: 2, estoque: null, opcoes: [plainOption('500 g'), plainOption('1 kg')] });
export const MANDIOCA = produto({ id: 'p3', idlocal: 'p3', titulo: 'mandioca', preco: 8, precopromo: null, minimopromo: null, estoque: 20 });
export const RAPADURA = produto({ id: 'p9', idlocal: 'p9', titulo: 'rapadura', preco: 12, userforn: 'forn2', nomeforn: 'Engenho Capivari', urlforn: 'engenho-capivari' });

/** 'Sítio Boa Vista' as seeded: R$ 2,50 per km from its coordinates, R$ 30,00 minimum for delivery. */
export function dadosforn(over: Partial<DadosForn> = {}, delivery: Partial<DeliveryForn> = {}, pagamentos = '12'): DadosForn {
  const base = sample.dadosforn();
  return {
    ...base,
    usuario: 'forn1',
    descricaoforn: null,
    instagram: null,
    iconeforn: null,
    fundoforn: null,
    vendasforn: 10,
    extensoes: {
      ...base.extensoes,
      pagamentos: { opcoes: pagamentos },
      delivery: {
        ...base.extensoes.delivery,
        taxaTipo: 'porKm',
        taxaentrega: null,
        taxaPorKm: 2.5,
        // The public start point: rounded to two decimals by the API (about 1 km).
        latitude: -22.7,
        longitude: -47.68,
        descricaoretirada: 'Retirada no sítio.',
        ...delivery,
      },
    },
    ...over,
  };
}

export const FORN = dadosforn();

/** A buyer with a street and geocoded coordinates (5,05 km from the farm's public point: R$ 12,63 per km fee). */
export const BUYER: UserInfo = {
  ...USER,
  usuario: 'u_carla',
  nome: 'Carla Souza',
  telefone: '(19)99230-1478',
  cidade: 'Piracicaba, SP',
  rua: 'Avenida Independência',
  numero: '2350',
  complemento: 'Apto 42',
  latitude: -22.7185,
  longitude: -47.635,
};

export function signInAs(user: UserInfo | null) {
  if (user) localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-1', userinfo: user }));
  else localStorage.removeItem(SESSION_KEY);
  window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY }));
}

/** An order of BUYER at 'Sítio Boa Vista' as the API answers it (`finalizar_pedido`'s `all`): in person, for pickup. */
export function pedido(id: string, infos: Partial<Pedido['Infos']> = {}): Pedido {
  return {
    id,
    idpedido: id,
    Infos: {
      txid: null,
      userforn: 'forn1',
      nomeforn: 'Sítio Boa Vista',
      telefoneforn: '(19)99876-5432',
      horario_pedido: Date.UTC(2026, 10, 21, 12),
      cliente_user: BUYER.usuario,
      cliente_nome: BUYER.nome,
      cliente_telefone: BUYER.telefone,
      status_pix: null,
      situacao: '1',
      tipo_entrega: 'Retirada',
      pagamento: '1',
      preco_produtos: 30,
      taxa_entrega: 0,
      desconto: 0,
      total_pago: 30,
      cupom: null,
      qrcode: null,
      imagem_qrcode: null,
      reembolsado: false,
      devolucao: null,
      pix_expira_em: null,
      // A delivered order is a received one unless a test says otherwise (decisions.md §37).
      entregue_em: infos.situacao === '2' ? Date.UTC(2026, 10, 22, 12, 0) : null,
      recebido_em: infos.situacao === '2' ? Date.UTC(2026, 10, 22, 12, 0) : null,
      recebimento: infos.situacao === '2' ? 'comprador' : null,
      pix_devolvido: null,
      rua: null,
      numero: null,
      cidade: null,
      complemento: null,
      ...infos,
    },
    Produtos: [],
  };
}
