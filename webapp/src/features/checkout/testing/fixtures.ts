/**
 * Tests only: demo-like catalogue data (the seed's 'Sítio Boa Vista': per-km fee R$ 2,50 from its
 * coordinates, minimum R$ 30,00 for delivery, Pix and in person) and a signed-in buyer with an
 * address in Piracicaba.
 */
import type { DadosForn, Produto } from '@/features/catalog/api/types';
import { SESSION_KEY, type UserInfo } from '@/lib/session';
import { USER } from '@/test/fixtures';

export function produto(over: Partial<Produto> = {}): Produto {
  return {
    id: 'p1',
    idlocal: 'p1',
    anuncio: false,
    categoria: 'Alimentos',
    subcategoria: 'Verduras',
    titulo: 'alface crespa',
    descricao: null,
    icone: null,
    fotos: null,
    preco: 4.5,
    precopromo: 3.9,
    minimopromo: 3,
    minimo: null,
    estoque: 40,
    opcoes: null,
    status: false,
    userforn: 'forn1',
    nomeforn: 'Sítio Boa Vista',
    urlforn: 'sitio-boa-vista',
    vendas: 3,
    desconto: 13,
    ...over,
  };
}

export const ALFACE = produto();
export const TOMATE = produto({ id: 'p2', idlocal: 'p2', titulo: 'tomate italiano', preco: 9.9, precopromo: 8.5, minimopromo: 2, estoque: null, opcoes: [{ opcao: '500 g' }, { opcao: '1 kg' }] });
export const MANDIOCA = produto({ id: 'p3', idlocal: 'p3', titulo: 'mandioca', preco: 8, precopromo: null, minimopromo: null, estoque: 20 });
export const RAPADURA = produto({ id: 'p9', idlocal: 'p9', titulo: 'rapadura', preco: 12, userforn: 'forn2', nomeforn: 'Engenho Capivari', urlforn: 'engenho-capivari' });

export function dadosforn(over: Partial<DadosForn> = {}, delivery: Partial<NonNullable<NonNullable<DadosForn['extensoes']>['delivery']>> = {}, pagamentos = '12'): DadosForn {
  return {
    usuario: 'forn1',
    nomeforn: 'Sítio Boa Vista',
    descricaoforn: null,
    telefone: '(19)99876-5432',
    instagram: null,
    iconeforn: null,
    fundoforn: null,
    url: 'sitio-boa-vista',
    paleta: 2,
    compras: false,
    local: 3,
    cidades: ['Piracicaba, SP'],
    vendasforn: 10,
    extensoes: {
      pagamentos: { opcoes: pagamentos },
      delivery: {
        entrega: '12',
        taxaTipo: 'porKm',
        taxaentrega: null,
        taxaPorKm: 2.5,
        latitude: -22.6987,
        longitude: -47.6812,
        pedidominimoentrega: 30,
        pedidominimoretirada: null,
        descricaoentrega: 'Entregamos às terças.',
        descricaoretirada: 'Retirada no sítio.',
        ...delivery,
      },
    },
    ...over,
  };
}

export const FORN = dadosforn();

/** A buyer with a street and geocoded coordinates (5,2 km from the farm: R$ 13,06 per km fee). */
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
