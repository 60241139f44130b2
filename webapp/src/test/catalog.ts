/**
 * Tests only: sample products, ads and suppliers in the shapes of docs/rpc.md.
 */
import { plainOption } from '@/lib/options';
import type { Anuncio, DadosForn, Produto } from '@/types/wire';

export function produto(over: Partial<Produto> = {}): Produto {
  return {
    id: 'p1',
    idlocal: 'p1',
    anuncio: false,
    categoria: 'Alimentos',
    subcategoria: 'Verduras',
    titulo: 'alface crespa',
    descricao: 'Colhida no dia.',
    icone: '/media/alface.jpg',
    fotos: { f1: '/media/alface-2.jpg' },
    preco: 4.5,
    precopromo: 3.9,
    minimopromo: 3,
    minimo: 2,
    estoque: 5,
    esgotado: false,
    apartirde: null,
    opcoes: [plainOption('Maço'), plainOption('Caixa')],
    status: false,
    userforn: 'u1',
    nomeforn: 'Sítio Boa Vista',
    urlforn: 'sitio-boa-vista',
    vendas: 35,
    desconto: 13,
    aceitaobs: false,
    organico: false,
    ...over,
  };
}

export function anuncio(over: Partial<Anuncio> = {}): Anuncio {
  return {
    id: 'a1',
    idnormal: 'a1',
    anuncio: true,
    usuario: 'u2',
    categoria: 'Variedades',
    titulo: "caixa d'água",
    descricao: 'Caixa de 500 litros.',
    preco: 350,
    icone: null,
    fotos: {},
    telefone: '(19)98123-4567',
    publicado: Date.UTC(2026, 10, 21, 12),
    nome: 'Maria Oliveira',
    origem: 'Limeira, SP',
    locais: 1,
    cidades: ['ALL'],
    ...over,
  };
}

export function dadosforn(over: Partial<DadosForn> = {}): DadosForn {
  return {
    usuario: 'u1',
    nomeforn: 'Sítio Boa Vista',
    descricaoforn: 'Hortaliças orgânicas.',
    telefone: '(19)99876-5432',
    instagram: '@sitioboavista',
    iconeforn: '/media/icone.jpg',
    fundoforn: '/media/fundo.jpg',
    url: 'sitio-boa-vista',
    paleta: 2,
    compras: false,
    local: 3,
    cidades: ['Piracicaba, SP'],
    vendasforn: 120,
    extensoes: {
      pagamentos: { opcoes: '12' },
      delivery: {
        entrega: '12',
        taxaTipo: 'fixa',
        taxaentrega: 7.5,
        taxaPorKm: null,
        distanciamaxima: null,
        dias: { janelas: [], corte_horas: null, corte_dias: null, corte_hora: null },
        latitude: -22.69,
        longitude: -47.68,
        pedidominimoentrega: 30,
        pedidominimoretirada: null,
        descricaoentrega: 'Entregamos às terças.',
        descricaoretirada: 'Retire no sítio.',
      },
      categorias: { Verduras: 'Verduras', Frutas: 'Frutas' },
      site: { url: 'sitio-boa-vista', paleta: 2 },
    },
    ...over,
  };
}
