/**
 * The first catalogue read of the page being opened, started with the shell: for each catalogue
 * route, the same GET its page asks first (so the browser answers the page's from it), and
 * nothing for the other routes.
 */
import { describe, expect, it, vi } from 'vitest';
import { anuncio, dadosforn, produto } from '@/test/catalog';
import { mockApi } from '@/test/fixtures';
import { prefetchCatalogRead } from './prefetch';

const REGIAO = 'Piracicaba, SP';

describe('prefetchCatalogRead', () => {
  it.each([
    ['/', '', '/api?codigo=pegar_produtos_anuncios_site&regiao=Piracicaba%2C+SP'],
    ['/lojas', '', '/api?codigo=pegar_lojas&regiao=Piracicaba%2C+SP'],
    ['/anuncios', '?q=caf%C3%A9+torrado', '/api?codigo=search&all=caf%C3%A9+torrado&cidade=Piracicaba%2C+SP'],
    ['/anuncios', '?q=mel&categoria=Alimentos', '/api?codigo=search&all=mel&categoria=Alimentos&cidade=Piracicaba%2C+SP'],
    ['/anuncios', '?categoria=Sementes+e+Mudas', '/api?codigo=pegar_produtos_anuncios_site2&categoria=Sementes+e+Mudas&regiao=Piracicaba%2C+SP'],
    ['/anuncios', '?categoria=Variedades&regiao=Limeira%2C+SP', '/api?codigo=pegar_produtos_anuncios_site2&categoria=Variedades&regiao=Limeira%2C+SP'],
    ['/anuncios', '?categoria=x&regiao=x', '/api?codigo=pegar_produtos_anuncios_site2&categoria=Alimentos&regiao=Piracicaba%2C+SP'],
    ['/detalhes/Alimentos/demo-p04/demo-joao', '?type=forn', '/api?codigo=pegar_produto_url_site&id=demo-p04'],
    ['/detalhes/Sementes%20e%20Mudas/a1/u2', '', '/api?codigo=pegar_anuncio_url_site&id=a1'],
    ['/sitio-boa-vista', '', '/api?codigo=start_site&urlforn=sitio-boa-vista'],
  ])('%s%s asks %s', async (path, search, url) => {
    const { calls } = mockApi({
      pegar_produto_url_site: { body: { item: { ...produto(), dadosforn: dadosforn() } } },
      pegar_anuncio_url_site: { body: { item: anuncio() } },
    });
    await prefetchCatalogRead(path, search, REGIAO);
    expect(calls.map((c) => [c.method, c.url])).toEqual([['GET', url]]);
  });

  it.each(['/termos', '/links', '/blockchain', '/admin', '/painel/loja-x', '/Loja_X', '/detalhes/x', '/detalhes/%E0/x/y'])('%s asks nothing', (path) => {
    const { fetchMock } = mockApi();
    expect(prefetchCatalogRead(path, '', REGIAO)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fetches a product page's main photo and a storefront's first photos as soon as the read names them", async () => {
    const fetched: string[] = [];
    vi.spyOn(window, 'Image').mockImplementation(function (this: { src: string }) {
      return Object.defineProperty({}, 'src', { set: (v: string) => fetched.push(v) }) as HTMLImageElement;
    } as unknown as () => HTMLImageElement);
    const p = (id: string, extra = {}) => ({ ...produto(), id, icone: `/media/${id}.jpg`, ...extra });
    mockApi({
      pegar_produto_url_site: { body: { item: { ...p('p1'), dadosforn: dadosforn() } } },
      start_site: {
        body: {
          exist: 1 as const,
          infos: { paleta: 2 },
          dadosforn: dadosforn(),
          allprods: [p('a'), p('b', { status: true }), p('c', { icone: null }), p('d'), p('e'), p('f')],
        },
      },
    });
    await prefetchCatalogRead('/detalhes/Alimentos/p1/u1', '?type=forn', REGIAO);
    expect(fetched).toEqual(['/media/p1.jpg']);
    fetched.length = 0;
    await prefetchCatalogRead('/sitio-boa-vista', '', REGIAO);
    expect(fetched).toEqual(['/media/a.jpg', '/media/d.jpg', '/media/e.jpg']);
  });
});
