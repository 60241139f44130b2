/**
 * The first catalogue read of the page being opened, started with the shell: for each catalogue
 * route, the same GET its page asks first (so the browser answers the page's from it), and
 * nothing for the other routes.
 */
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/fixtures';
import { prefetchCatalogRead } from './prefetch';

const REGIAO = 'Piracicaba, SP';

describe('prefetchCatalogRead', () => {
  it.each([
    ['/', '', '/api?codigo=pegar_produtos_anuncios_site&regiao=Piracicaba%2C+SP'],
    ['/lojas', '', '/api?codigo=pegar_lojas'],
    ['/anuncios', '?categoria=Sementes+e+Mudas', '/api?codigo=pegar_produtos_anuncios_site2&categoria=Sementes+e+Mudas&regiao=Piracicaba%2C+SP'],
    ['/anuncios', '?categoria=Variedades&regiao=Limeira%2C+SP', '/api?codigo=pegar_produtos_anuncios_site2&categoria=Variedades&regiao=Limeira%2C+SP'],
    ['/anuncios', '?categoria=x&regiao=x', '/api?codigo=pegar_produtos_anuncios_site2&categoria=Alimentos&regiao=Piracicaba%2C+SP'],
    ['/detalhes/Alimentos/demo-p04/demo-joao', '?type=forn', '/api?codigo=pegar_produto_url_site&categoria=Alimentos&id=demo-p04&userforn=demo-joao'],
    ['/detalhes/Sementes%20e%20Mudas/a1/u2', '', '/api?codigo=pegar_anuncio_url_site&categoria=Sementes+e+Mudas&id=a1&userforn=u2'],
    ['/sitio-boa-vista', '', '/api?codigo=start_site&urlforn=sitio-boa-vista'],
  ])('%s%s asks %s', async (path, search, url) => {
    const { calls } = mockApi();
    await prefetchCatalogRead(path, search, REGIAO);
    expect(calls.map((c) => [c.method, c.url])).toEqual([['GET', url]]);
  });

  it.each(['/termos', '/links', '/blockchain', '/admin', '/painel/loja-x', '/Loja_X', '/detalhes/x', '/detalhes/%E0/x/y'])('%s asks nothing', (path) => {
    const { fetchMock } = mockApi();
    expect(prefetchCatalogRead(path, '', REGIAO)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
