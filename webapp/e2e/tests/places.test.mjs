// Found and delivered to the right door, in Chromium:
//   1. search from the header: a store of its own (in Águas de São Pedro, so no other journey
//      sees its products) sells 26 'pimentões' in two categories; the header's search finds them
//      across categories with their counts, and 'Carregar mais' opens the second page;
//   2. a buyer fills the checkout's address wizard by CEP through the local lookup
//      (devservices/cep.mjs, the harness's CEP_URL): a São Paulo address, whose point is the
//      city's centre (the wizard says so); Sítio Boa Vista delivers within 30 km of its farm in
//      Piracicaba, so the checkout offers pickup only, with 'Endereço fora da área de entrega de
//      Sítio Boa Vista.'
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  containing, control, dialogWith, eventually, expectHidden, expectVisible, launchBrowser, rpcFromPage, signIn, withPage,
} from '../lib.mjs';

const TOWN = 'Águas de São Pedro, SP';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** `POST /api` as the page's user; fails unless 200. */
async function ok(page, body) {
  const { status, body: answer } = await rpcFromPage(page, body);
  assert.equal(status, 200, `${body.codigo}: ${JSON.stringify(answer)}`);
  return answer;
}

/** Picks `city` in the header's region dialog. */
async function pickRegion(page, city) {
  await control(page, /Piracicaba, SP/).first().click();
  const dialog = dialogWith(page, 'Selecione uma cidade');
  await expectVisible(dialog, "the dialog 'Selecione uma cidade'");
  await dialog.getByRole('combobox').fill(city.split(',')[0]);
  await dialog.getByRole('option', { name: city, exact: true }).click();
  await control(dialog, 'Continuar').first().click();
  await expectHidden(dialog, 'the region dialog');
}

test('search from the header across categories, and its second page', async () => {
  // The seller: a new store in one town, with 20 'pimentões' to eat and 6 to plant.
  await withPage(browser, 'search-seller', async (page) => {
    await page.goto('/');
    await signIn(page, 'pimenteiro');
    await ok(page, {
      codigo: 'cadastro_fornecedor',
      infos: {
        nomeforn: 'Pimentas do Vale', cpf: '635.280.173-09', telefone: '(19) 99876-4321',
        descricaoforn: '', instagram: '', local: 3, cidades: [TOWN],
      },
    });
    for (let i = 0; i < 26; i++) {
      const [categoria, titulo] = i < 20 ? ['Alimentos', `pimentão vermelho lote ${i}`] : ['Sementes e Mudas', `muda de pimentão ${i}`];
      await ok(page, { codigo: 'adicionar_produto', iconeurl: false, infos: { categoria, titulo, preco: '5' } });
    }
  });

  await withPage(browser, 'search', async (page) => {
    await page.goto('/');
    await pickRegion(page, TOWN);
    const box = page.getByRole('searchbox', { name: 'Buscar produtos' });
    await expectVisible(box, "the header's search box");
    await box.fill('Pimentões');
    await box.press('Enter');
    await eventually(() => new URL(page.url()).pathname === '/anuncios', 'the search page');
    assert.equal(new URL(page.url()).searchParams.get('q'), 'Pimentões');
    await expectVisible(page.getByRole('tab', { name: 'Todas (26)' }), "the tab 'Todas (26)'");
    await expectVisible(page.getByRole('tab', { name: 'Alimentos (20)' }), "the tab 'Alimentos (20)'");
    await expectVisible(page.getByRole('tab', { name: 'Sementes e Mudas (6)' }), "the tab 'Sementes e Mudas (6)'");
    const cards = page.locator('main a[href^="/detalhes/"]');
    await eventually(async () => (await cards.count()) === 24, 'the first page: 24 products');
    await page.getByRole('button', { name: 'Carregar mais' }).click();
    await eventually(async () => (await cards.count()) === 26, 'the second page: 26 products in all');
    await expectHidden(page.getByRole('button', { name: 'Carregar mais' }), "'Carregar mais' once every match is shown");
    // Every match once, from both categories.
    const hrefs = await cards.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.equal(new Set(hrefs).size, 26, 'no product twice');
    assert.ok(hrefs.some((h) => h.startsWith('/detalhes/Sementes%20e%20Mudas/')), 'a seedling among them');
    // The category filter.
    await page.getByRole('tab', { name: 'Sementes e Mudas (6)' }).click();
    await eventually(async () => (await cards.count()) === 6, 'the seedlings only');
  });
});

/** Sítio Boa Vista's delivery settings as seeded, delivering at most `km` from the farm. */
function farm(km) {
  return {
    codigo: 'entregas_edit',
    form: {
      entrega: '12', taxaTipo: 'porKm', taxaPorKm: '2,50', pedidominimoentrega: '30', distanciamaxima: km,
      enderecoRua: 'Estrada Municipal PIR-164', enderecoNumero: '2450', enderecoCidade: 'Piracicaba, SP',
      enderecoCep: '13417-780', enderecoBairro: 'Santa Rosa',
      descricaoentrega: 'Entregamos às terças e sextas, das 8h às 12h. A taxa é calculada pela distância a partir do sítio.',
      descricaoretirada: 'Retirada no sítio de segunda a sábado, das 7h às 17h. Combine o horário pelo WhatsApp.',
    },
  };
}

test('an address by CEP; beyond the delivery distance only pickup, with the message', async () => {
  await withPage(browser, 'delivery-area-supplier', async (page) => {
    await page.goto('/');
    await signIn(page, 'fornecedor');
    const saved = await ok(page, farm('30'));
    assert.equal(saved.delivery.distanciamaxima, 30);
  });
  try {
    await withPage(browser, 'delivery-area', async (page) => {
      await page.goto('/sitio-boa-vista');
      await expectVisible(page.getByTestId('loja'), 'the storefront');
      const card = page.getByRole('button', { name: /mandioca descascada/i }).first();
      await card.click();
      const modal = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Adicionar ao carrinho' }) });
      await modal.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
      await expectHidden(modal, 'the product modal');
      await page.getByRole('button', { name: /Meu Pedido/ }).click();
      const bag = page.getByRole('dialog', { name: 'Sua sacola', exact: true });
      await bag.getByRole('button', { name: 'Continuar Compra' }).click();
      const prompt = page.getByRole('dialog', { name: 'Entre para continuar', exact: true });
      await signIn(page, 'paulistana', { via: prompt.getByRole('button', { name: 'Cadastre-se ou Faça login' }), until: null });

      // The address wizard, by CEP: Praça da Sé, São Paulo (the local lookup's table).
      const wizard = page.getByRole('dialog', { name: 'Endereço de entrega', exact: true });
      await wizard.getByRole('button', { name: 'Cadastrar endereço' }).click();
      const cep = wizard.getByLabel('CEP');
      await cep.pressSequentially('01001000');
      assert.equal(await cep.inputValue(), '01001-000', 'the masked CEP');
      await eventually(async () => (await wizard.getByRole('combobox').inputValue()) === 'São Paulo, SP', 'the city filled by the CEP');
      await wizard.getByRole('button', { name: 'Continuar' }).click();
      assert.equal(await wizard.getByLabel('Rua').inputValue(), 'Praça da Sé', 'the street filled by the CEP');
      assert.equal(await wizard.getByLabel('Bairro').inputValue(), 'Sé', 'the bairro filled by the CEP');
      await wizard.getByLabel('Número').fill('100');
      await wizard.getByRole('button', { name: 'Continuar' }).click();
      await wizard.getByLabel('Telefone').pressSequentially('11987654321');
      await wizard.getByRole('button', { name: 'Continuar' }).click();
      await expectVisible(
        wizard.getByText('Usamos o centro de São Paulo para calcular a distância'),
        'the notice that the point is the city centre',
      );
      await wizard.getByRole('button', { name: 'Salvar endereço' }).click();

      // About 140 km from the farm, beyond its 30 km: pickup only, with the message.
      const modes = page.getByRole('dialog', { name: 'Entrega ou Retirada', exact: true });
      await expectVisible(modes, 'the Entrega/Retirada step');
      await expectVisible(modes.getByText('Endereço fora da área de entrega de Sítio Boa Vista.'), 'the out-of-area message');
      assert.equal(await modes.getByRole('button', { name: /^Entrega/ }).count(), 0, 'no delivery offered');
      await modes.getByRole('button', { name: /^Retirada/ }).click();
      const summary = page.getByRole('dialog', { name: 'Resumo do pedido', exact: true });
      await expectVisible(summary.getByText('Retirada no local'), 'the pickup summary');

      // The address is stored with its CEP and bairro; the server refuses a delivery too.
      const me = (await rpcFromPage(page, { codigo: 'login_site' })).body.userinfo;
      assert.equal(me.cep, '01001-000');
      assert.equal(me.bairro, 'Sé');
      const refused = await rpcFromPage(page, {
        codigo: 'finalizar_pedido', sacola: [{ id: 'demo-p04', quantidade: 4 }], forn: 'demo-joao',
        total: 0, pagamento: '1', entrega: true, infoscupom: null,
      });
      assert.equal(refused.status, 400);
      assert.equal(refused.body.error, 'Endereço fora da área de entrega de Sítio Boa Vista.');
      await expectVisible(page.getByRole('button', { name: containing('Paulistana') }), 'the signed-in buyer');
    });
  } finally {
    await withPage(browser, 'delivery-area-restore', async (page) => {
      await page.goto('/');
      await signIn(page, 'fornecedor');
      await ok(page, farm(''));
    });
  }
});
