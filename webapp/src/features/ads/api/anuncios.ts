/**
 * The direct-ad actions of the signed-in user (docs/rpc.md, "Direct ads"): create, list, edit,
 * remove, and add or remove photos. The server takes the user from the session; `usuario` is sent
 * only because the contract names it.
 */
import { rpc, type RpcResult } from '@/lib/rpc';
import type { Anuncio } from '@/types/catalog';

export type { Anuncio };

/** Scope codes: 1 all Brazil, 2 some states, 3 some cities. */
export type Locais = 1 | 2 | 3;

/** The wizard's fields as typed (`adicionar_anuncio`'s `infos`). */
export interface AdFields {
  categoria: string;
  titulo: string;
  preco: string;
  descricao: string;
  origem: string;
  locais: Locais | null;
  cidades: string[];
}

export function adicionarAnuncio(a: {
  usuario: string;
  nome: string;
  telefone: string | null;
  iconeurl: string | null;
  fields: AdFields;
}): Promise<RpcResult<{ infos: Anuncio }>> {
  const { fields: f } = a;
  return rpc('adicionar_anuncio', {
    usuario: a.usuario,
    telefone: a.telefone,
    iconeurl: a.iconeurl,
    infos: {
      anuncio: true,
      origem: f.origem,
      cidades: f.locais === 1 ? ['ALL'] : f.cidades,
      locais: f.locais,
      titulo: f.titulo,
      descricao: f.descricao,
      categoria: f.categoria,
      nome: a.nome,
      usuario: a.usuario,
      preco: f.preco,
    },
  });
}

export function pegarAnuncios(usuario: string): Promise<RpcResult<{ anuncios: Anuncio[] }>> {
  return rpc('pegar_anuncios', { usuario });
}

/** `iconeurlfinal`: the ad's current icon URL (kept), a new base64 JPEG, or null (removed). */
export function editarAnuncio(a: {
  usuario: string;
  anuncio: Anuncio;
  iconeurlfinal: string | null;
  fields: AdFields;
}): Promise<RpcResult<{ infos: Anuncio }>> {
  const { fields: f } = a;
  return rpc('editar_anuncio', {
    categoria: f.categoria === a.anuncio.categoria ? null : f.categoria,
    iconeurlfinal: a.iconeurlfinal,
    infos: a.anuncio,
    usuario: a.usuario,
    tituloinputfinal: f.titulo,
    precoinputfinal: f.preco,
    descricaoinputfinal: f.descricao,
    origeminputfinal: f.origem,
    locaisinputfinal: f.locais,
    cidadesfinal: f.locais === 1 ? ['ALL'] : f.cidades,
  });
}

export function excluirAnuncio(usuario: string, item: Anuncio): Promise<RpcResult<{ ok: boolean }>> {
  return rpc('excluir_anuncio', { fotos: item.fotos ?? {}, usuario, item: { id: item.id } });
}

export function uploadFotoAnuncio(usuario: string, item: Anuncio, uri: string): Promise<RpcResult<{ chave: string; url: string }>> {
  return rpc('upload_foto_anuncio', { usuario, item: { id: item.id }, uri });
}

export function excluirFotoAnuncio(usuario: string, item: Anuncio, idfoto: string): Promise<RpcResult<{ ok: boolean }>> {
  return rpc('excluir_foto_anuncio', { usuario, item: { id: item.id }, idfoto });
}
