/**
 * The direct-ad actions of the signed-in user (docs/rpc.md, "Direct ads"): create, list, edit,
 * remove, and add or remove photos. The server takes the user (and the seller's name) from the
 * session; an ad is named by its id.
 */
import { rpc, type RpcResult } from '@/lib/rpc';
import type { Anuncio } from '@/types/wire';

export type { Anuncio };

/** Scope codes: 1 all Brazil, 2 some states, 3 some cities. */
export type Locais = 1 | 2 | 3;

/** A view model: the wizard's fields as typed (what `adicionar_anuncio`'s `infos` is made of). */
export interface AdFields {
  categoria: string;
  titulo: string;
  preco: string;
  descricao: string;
  origem: string;
  locais: Locais | null;
  cidades: string[];
}

/** The places as sent: `['ALL']` for all Brazil, else the states or cities chosen. */
const cidadesDe = (f: AdFields) => (f.locais === 1 ? ['ALL'] : f.cidades);

export function adicionarAnuncio(a: { telefone: string | null; iconeurl: string | null; fields: AdFields }): Promise<RpcResult<'adicionar_anuncio'>> {
  const { fields: f } = a;
  return rpc('adicionar_anuncio', {
    telefone: a.telefone,
    iconeurl: a.iconeurl,
    infos: {
      origem: f.origem,
      cidades: cidadesDe(f),
      locais: f.locais,
      titulo: f.titulo,
      descricao: f.descricao,
      categoria: f.categoria,
      preco: f.preco,
    },
  });
}

export function pegarAnuncios(): Promise<RpcResult<'pegar_anuncios'>> {
  return rpc('pegar_anuncios', {});
}

/** `iconeurlfinal`: the ad's current icon URL (kept), a new base64 JPEG, or null (removed). */
export function editarAnuncio(a: { anuncio: Anuncio; iconeurlfinal: string | null; fields: AdFields }): Promise<RpcResult<'editar_anuncio'>> {
  const { fields: f } = a;
  return rpc('editar_anuncio', {
    categoria: f.categoria === a.anuncio.categoria ? null : f.categoria,
    iconeurlfinal: a.iconeurlfinal,
    infos: { id: a.anuncio.id },
    tituloinputfinal: f.titulo,
    precoinputfinal: f.preco,
    descricaoinputfinal: f.descricao,
    origeminputfinal: f.origem,
    locaisinputfinal: f.locais,
    cidadesfinal: cidadesDe(f),
  });
}

export function excluirAnuncio(item: Anuncio): Promise<RpcResult<'excluir_anuncio'>> {
  return rpc('excluir_anuncio', { item: { id: item.id } });
}

export function uploadFotoAnuncio(item: Anuncio, uri: string): Promise<RpcResult<'upload_foto_anuncio'>> {
  return rpc('upload_foto_anuncio', { item: { id: item.id }, uri });
}

export function excluirFotoAnuncio(item: Anuncio, idfoto: string): Promise<RpcResult<'excluir_foto_anuncio'>> {
  return rpc('excluir_foto_anuncio', { item: { id: item.id }, idfoto });
}
