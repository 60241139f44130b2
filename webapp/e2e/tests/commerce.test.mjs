// Everyday commerce and trust (coupons with rules, reviews, moderation with reasons, the new store's checklist), in Chromium against the API with demo data:
//   - a new store follows the panel's checklist (its URL made from its name, payment options
//     with a Pix key, pickup, a first product with a photo; each step ticks right after its
//     save) to a product on sale, and
//     /anunciegratis states the 2 % withdrawal fee;
//   - a buyer rates a delivered order and sees the store's average on its storefront;
//   - the admin hides an ad with a reason, and the owner's e-mail with the reason arrives through
//     the local SMTP server;
//   - a person downloads their data and deletes their account (refused first while an order is
//     in progress, saying so).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  APP_URL,
  canvasJpeg,
  containing,
  control,
  dialogWith,
  eventually,
  expectVisible,
  launchBrowser,
  mailTo,
  newContext,
  reloadUntil,
  rpcFromPage,
  signIn,
  SIGN_IN_LABEL,
  withPage,
  scaled,
} from '../lib.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DEMO = JSON.parse(readFileSync(path.join(HERE, '..', '..', '..', 'seeds', 'demo.json'), 'utf8'));

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** One RPC action with the page's session: its body (the status asserted 200). */
async function rpcOk(page, codigo, fields = {}) {
  const { status, body } = await rpcFromPage(page, { ...fields, codigo });
  assert.equal(status, 200, `${codigo}: ${JSON.stringify(body)}`);
  return body;
}

/** Waits for the status dialog's success (its text, by default the save's) and closes it. */
async function saved(page, what, text = 'Suas alterações foram salvas com sucesso') {
  const ok = dialogWith(page, text);
  await expectVisible(ok, `the success status after ${what}`);
  await ok.getByRole('button', { name: 'OK' }).click();
}

test('a new store follows the checklist to a product on sale', async () => {
  await withPage(browser, 'checklist', async (page) => {
    await page.goto('/anunciegratis');
    await expectVisible(page.getByText(/Taxa de 2% sobre cada saque/), "/anunciegratis states the 2 % withdrawal fee");

    await page.goto('/');
    await signIn(page, 'lojacheck');
    // Registration as the wizard sends it (the wizard's steps are the supplier journey's).
    const reg = await rpcOk(page, 'cadastro_fornecedor', {
      icone: null,
      infos: { nomeforn: 'Quitanda Checklist', cpf: '529.982.247-25', telefone: '(19) 99876-1234', descricaoforn: 'Verduras', instagram: '', local: 1, cidades: [] },
    });
    await page.evaluate((u) => {
      const s = JSON.parse(localStorage.getItem('sessao'));
      localStorage.setItem('sessao', JSON.stringify({ ...s, userinfo: u }));
    }, reg.userinfo);
    const me = reg.userinfo.usuario;

    // Never missing from /lojas: its URL is made from its name.
    await reloadUntil(
      page,
      '/lojas',
      page.locator('.store-list'),
      async () => {
        return page.getByText('Quitanda Checklist', { exact: true }).isVisible();
      },
      'the new store in /lojas',
    );
    assert.equal(await page.getByRole('link', { name: /Quitanda Checklist/ }).getAttribute('href'), '/quitanda-checklist');

    await page.goto(`/painel/${me}`);
    const checklist = page.getByRole('region', { name: 'Sua loja em poucos minutos' });
    await expectVisible(checklist, 'the checklist');
    await expectVisible(checklist.getByText('0 de 4 passos concluídos.'), 'no step done yet');
    await expectVisible(checklist.getByText(/cobramos uma taxa de 2% sobre o valor de cada saque/), 'the withdrawal fee stated');
    await expectVisible(checklist.getByText('/quitanda-checklist'), 'the default URL');

    await checklist.getByRole('button', { name: 'Ir para Loja online' }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Loja online' }), "the 'Loja online' section");
    assert.equal(await page.getByLabel('URL da loja', { exact: true }).inputValue(), 'quitanda-checklist');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await saved(page, 'the store URL');
    // Each step ticks right after its save, in the same section (no reload, no other section).
    await expectVisible(checklist.getByText('1 de 4 passos concluídos.'), 'the URL step done at once');

    await checklist.getByRole('button', { name: 'Ir para Pagamentos' }).click();
    await page.getByLabel('Pix', { exact: true }).check();
    await page.getByRole('button', { name: 'Salvar formas de pagamento' }).click();
    await saved(page, 'the payment options');
    await page.getByLabel('Chave Pix', { exact: true }).fill('quitanda@pix.test');
    await page.getByRole('button', { name: 'Salvar chave Pix' }).click();
    await saved(page, 'the Pix key');
    await expectVisible(checklist.getByText('2 de 4 passos concluídos.'), 'the payments step done at once');

    await checklist.getByRole('button', { name: 'Ir para Delivery' }).click();
    await page.getByRole('switch', { name: 'Retirada no local' }).check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await saved(page, 'the pickup');
    await expectVisible(checklist.getByText('3 de 4 passos concluídos.'), 'the delivery step done at once');

    await checklist.getByRole('button', { name: 'Ir para Produtos' }).click();
    await page.getByRole('button', { name: 'Adicionar Produto' }).click();
    const wiz = page.getByRole('dialog').filter({ has: page.getByRole('progressbar') });
    const next = () => wiz.getByRole('button', { name: /^(Continuar|Adicionar produto)$/ }).click();
    await next();
    await wiz.getByLabel('Alimentos', { exact: true }).check();
    await next();
    await wiz.getByLabel('Título', { exact: true }).fill('Couve manteiga');
    await wiz.getByLabel('Preço (R$)', { exact: true }).fill('4,50');
    assert.equal(await wiz.getByLabel('Preço (R$)', { exact: true }).inputValue(), '4,50', 'the price keeps its decimal comma');
    await next();
    await next(); // no stock control
    await next(); // no options
    await next(); // no description
    const photo = Buffer.from(await canvasJpeg(page, { width: 400, height: 300, fills: [['#2e7d32', 0, 0, 400, 300]] }));
    await wiz.getByLabel('Escolher ícone', { exact: true }).setInputFiles({ name: 'couve.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expectVisible(wiz.getByRole('img', { name: 'Escolher ícone' }), 'the icon preview');
    await next();
    await next();
    const added = page.getByRole('dialog', { name: 'Produto adicionado!' });
    await expectVisible(added, "'Produto adicionado!'");
    await added.getByRole('button', { name: 'OK' }).click();
    // The last step done: the checklist goes at once, in the same section.
    await eventually(async () => (await checklist.count()) === 0, 'the checklist gone once complete');

    // On sale in its storefront.
    await page.goto('/quitanda-checklist');
    await expectVisible(page.getByTestId('loja'), 'the storefront');
    await page.getByRole('button', { name: /couve manteiga/i }).first().click();
    const modal = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Adicionar ao carrinho' }) });
    assert.ok(await modal.getByRole('button', { name: 'Adicionar ao carrinho' }).isEnabled(), 'the product can be bought');
  });
});

test('a buyer rates a delivered order and sees the average on the storefront', async () => {
  await withPage(browser, 'review', async (page) => {
    // The store confirms the buyer's order (its panel's action, as the supplier journey clicks it).
    const supplierContext = await newContext(browser);
    const supplierPage = await supplierContext.newPage();
    await supplierPage.goto('/');
    await signIn(supplierPage, 'fornecedor@feira.test');

    await page.goto('/');
    await signIn(page, 'comprador@feira.test');
    const placed = await rpcOk(page, 'finalizar_pedido', {
      sacola: [{ id: 'demo-p04', quantidade: 1 }], forn: 'demo-joao', total: 8, pagamento: '1', entrega: false, infoscupom: null,
    });
    const id = placed.all.id;
    await rpcOk(supplierPage, 'confirmar_entrega', { item: id });
    await supplierContext.close();

    await control(page, containing('Carla Souza')).first().click();
    await dialogWith(page, 'Histórico de Pedidos').getByRole('button', { name: 'Histórico de Pedidos' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Pedidos', exact: true }), "the heading 'Pedidos'");
    // The newest order first: this one.
    await page.getByTestId('pedido').first().getByRole('button', { name: 'Detalhes' }).click();
    // Marked delivered by the store: the buyer's word first (decisions.md §37), then the review.
    assert.equal(await page.getByTestId('situacao').textContent(), 'Entregue · confirme o recebimento');
    assert.equal(await page.getByRole('region', { name: 'Avaliar pedido' }).count(), 0, 'no review before the receipt');
    await page.getByRole('group', { name: 'Você recebeu seu pedido?' }).getByRole('button', { name: 'Recebi meu pedido' }).click();
    const form = page.getByRole('region', { name: 'Avaliar pedido' });
    await expectVisible(form, "'Avaliar pedido' on the delivered order");
    await form.getByRole('button', { name: 'Enviar avaliação' }).click();
    await expectVisible(form.getByText('Escolha uma nota de 1 a 5.'), 'a note is required');
    await form.getByLabel('4 estrelas').check({ force: true });
    await form.getByLabel('Comentário (opcional)').fill('Mandioca boa, veio bem descascada.');
    await form.getByRole('button', { name: 'Enviar avaliação' }).click();
    await saved(page, 'the review', 'Obrigado pela sua avaliação!');
    await expectVisible(page.getByTestId('sua-avaliacao'), 'the review shown');

    const { avaliacao } = await rpcOk(page, 'pegar_avaliacoes', { userforn: 'demo-joao' });
    assert.ok(avaliacao.quantidade >= 1);
    const expected = `${avaliacao.media.toFixed(1).replace('.', ',')} · ${avaliacao.quantidade === 1 ? '1 avaliação' : `${avaliacao.quantidade} avaliações`}`;
    await reloadUntil(
      page,
      '/sitio-boa-vista',
      page.getByTestId('loja'),
      async () => {
        return ((await page.getByTestId('avaliacao-loja').first().textContent({ timeout: scaled(5000) }).catch(() => '')) ?? '').includes(expected);
      },
      `the storefront's average '${expected}'`,
    );
    await page.getByTestId('avaliacao-loja').first().click();
    const list = page.getByRole('dialog', { name: 'Avaliações' });
    await expectVisible(list.getByText('Mandioca boa, veio bem descascada.'), 'the comment in the store\'s reviews');
    await expectVisible(list.getByText('Carla', { exact: true }), "the buyer's first name");
  });
});

test('the admin hides an ad with a reason and the owner is e-mailed it', async () => {
  const ad = DEMO.anuncios.find((a) => a.id === 'demo-a03');
  const owner = DEMO.usuarios.find((u) => u.id === ad.usuario);
  await withPage(browser, 'moderation', async (page) => {
    await page.goto(`/detalhes/${encodeURIComponent(ad.categoria)}/${ad.id}/${ad.usuario}`);
    await expectVisible(page.getByRole('heading', { level: 1 }), "the ad's page");
    await signIn(page, 'admin@feira.test');
    const bar = page.getByRole('region', { name: 'Moderação' });
    await bar.getByRole('button', { name: 'Ocultar anúncio' }).click();
    const ask = page.getByRole('dialog', { name: 'Ocultar anúncio?' });
    await ask.getByRole('button', { name: 'Ocultar' }).click();
    await expectVisible(ask.getByText('Informe o motivo.'), 'the reason required');
    await ask.getByRole('textbox').fill('Anúncio repetido de outro vendedor');
    await ask.getByRole('button', { name: 'Ocultar' }).click();
    await saved(page, 'the hiding', 'O anúncio foi ocultado e o responsável foi avisado por e-mail.');
    await expectVisible(bar.getByRole('button', { name: 'Mostrar de novo' }), "'Mostrar de novo'");

    const mail = await mailTo((m) => m.to.includes(owner.email) && /foi ocultado/.test(m.subject), `the e-mail to ${owner.email}`);
    assert.match(mail.subject, /^Seu anúncio “.+” foi ocultado$/);
    assert.match(mail.text, /Motivo: Anúncio repetido de outro vendedor/);
    assert.equal(mail.secure, true, 'sent over TLS');
    // Gone from the public.
    const res = await fetch(`${APP_URL}/api?codigo=pegar_anuncio_url_site&id=${ad.id}`);
    assert.equal(res.status, 404);
  });
});

test('a person downloads their data and deletes their account', async () => {
  await withPage(browser, 'privacy', async (page) => {
    await page.goto('/');
    const name = await signIn(page, 'privacidade');
    await rpcOk(page, 'alterar_endereco', { rua: 'Rua das Flores', numero: '12', cidade: 'Piracicaba, SP', telefone: '(19) 99111-0000', complemento: '' });
    const { usuario } = JSON.parse(await page.evaluate(() => localStorage.getItem('sessao'))).userinfo;
    await page.goto(`/painel/perfil/${usuario}`);
    const section = page.getByRole('region', { name: 'Meus dados e privacidade' });
    await expectVisible(section, "'Meus dados e privacidade'");

    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Baixar meus dados' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^meus-dados-feira-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync(await file.path(), 'utf8'));
    assert.equal(data.perfil.usuario, usuario);
    assert.equal(data.perfil.rua, 'Rua das Flores');
    assert.deepEqual(data.pedidos, []);

    // An order in progress: refused, saying so.
    const placed = await rpcOk(page, 'finalizar_pedido', {
      sacola: [{ id: 'demo-p04', quantidade: 1 }], forn: 'demo-joao', total: 8, pagamento: '1', entrega: false, infoscupom: null,
    });
    await section.getByRole('button', { name: 'Excluir minha conta' }).click();
    await page.getByRole('dialog', { name: 'Excluir minha conta?' }).getByRole('button', { name: 'Sim, excluir' }).click();
    const refused = dialogWith(page, 'Não é possível excluir sua conta');
    await expectVisible(refused, 'the refusal');
    assert.match(await refused.textContent(), /você tem 1 pedido em andamento \(Sítio Boa Vista\)/);
    await refused.getByRole('button', { name: 'OK' }).click();

    await rpcOk(page, 'cancelar_pedido', { item: placed.all.id });
    const { token } = JSON.parse(await page.evaluate(() => localStorage.getItem('sessao')));
    await section.getByRole('button', { name: 'Excluir minha conta' }).click();
    await page.getByRole('dialog', { name: 'Excluir minha conta?' }).getByRole('button', { name: 'Sim, excluir' }).click();
    await saved(page, 'the deletion', 'Sua conta foi excluída.');
    await expectVisible(control(page, SIGN_IN_LABEL).first(), 'signed out');
    assert.equal(new URL(page.url()).pathname, '/');
    const res = await fetch(`${APP_URL}/api`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ codigo: 'pegar_pedidos' }),
    });
    assert.equal(res.status, 401, 'the session is gone');
    assert.equal(await page.getByText(name, { exact: true }).count(), 0, 'the name gone from the page');
  });
});
