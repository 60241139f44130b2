// The supplier journey, in Chromium against the API with demo data:
//   a new user registers a business through the 10 steps of the wizard; adds a product with a
//   photo (shrunk in the browser; the stored icon is a JPEG of at most 300 px), an option, stock
//   and a promotion; creates a store category and a coupon; sets a per-km delivery fee; accepts
//   Pix; picks a store URL and palette and opens /{url}. A buyer (demo 'Carla Souza', who has an
//   address) orders from the store by Pix; unpaid, the order is not a delivery (decisions.md §27);
//   the PSP pays the charge and the order appears in Entregas without a reload, its money 'A
//   liberar'; the supplier confirms the delivery; Gestão shows the revenue; the balance shows the
//   payment and a withdrawal request shows the 2 % fee and the net total first.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  APP_URL, canvasJpeg, centavos, containing, control, dialogWith, eventually, expectVisible, launchBrowser, newContext, providerName,
  payPix, rpcFromPage, signIn, withPage,
} from '../lib.mjs';

const SUPPLIER_LOGIN = 'novofornecedor';
const BUYER_LOGIN = 'comprador@feira.test';
const STORE = 'horta-do-teste';
const PRODUCT = 'tomate cereja';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** Waits for the status dialog's success and closes it. */
async function saved(page, what) {
  const ok = dialogWith(page, 'Suas alterações foram salvas com sucesso');
  await expectVisible(ok, `the success status after ${what}`);
  await ok.getByRole('button', { name: 'OK' }).click();
}

/** A 640×480 JPEG drawn by the page's canvas, as bytes (a phone photo stand-in). */
async function bigJpeg(page) {
  const bytes = await canvasJpeg(page, {
    fills: [['#c62828', 0, 0, 640, 480], ['#2e7d32', 100, 100, 300, 200]],
    quality: 0.95,
  });
  return Buffer.from(bytes);
}

/** One RPC action with the page's session. */
async function rpcIn(page, codigo, fields = {}) {
  return (await rpcFromPage(page, { ...fields, codigo })).body;
}

/** Opens a panel section from the side menu. */
async function section(page, name) {
  await page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name, exact: true }), `the panel section '${name}'`);
}

async function registerBusiness(page) {
  const name = await signIn(page, SUPPLIER_LOGIN);
  await control(page, containing(name)).first().click();
  await dialogWith(page, 'Histórico de Pedidos').getByRole('button', { name: 'Anúncios' }).click();
  const entry = page.getByRole('dialog', { name: 'Anúncios', exact: true });
  await expectVisible(entry, 'the Ads entry dialog');
  await entry.getByRole('button', { name: /Conta Empresarial/ }).click();

  const wiz = page.getByRole('dialog', { name: 'Conta Empresarial' });
  await expectVisible(wiz, 'the business registration wizard');
  const next = () => wiz.getByRole('button', { name: /^(Continuar|Cadastrar)$/ }).click();
  const step = (n) => eventually(async () => (await wiz.getByRole('progressbar').evaluate((p) => p.value)) === n, `wizard step ${n}`);
  await step(1);
  await next();
  await next();
  await expectVisible(wiz.getByText('Insira um nome!'), "'Insira um nome!'");
  await wiz.getByLabel('Nome', { exact: true }).fill('Horta do Teste');
  await next();
  await wiz.getByLabel('CPF/CNPJ', { exact: true }).fill('12345678900');
  await next();
  await expectVisible(wiz.getByText('Insira um CPF/CNPJ válido'), "'Insira um CPF/CNPJ válido' (check digits)");
  await wiz.getByLabel('CPF/CNPJ', { exact: true }).fill('123.456.789-09');
  await next();
  await wiz.getByLabel('Telefone', { exact: true }).pressSequentially('19998887777');
  assert.equal(await wiz.getByLabel('Telefone', { exact: true }).inputValue(), '(19) 99888-7777');
  await next();
  await wiz.getByLabel('Descrição (opcional)', { exact: true }).fill('Hortaliças e tomates sem agrotóxicos.');
  await next();
  await step(6);
  await next(); // no profile image
  await expectVisible(wiz.getByRole('heading', { name: 'Quase pronto' }), "'Quase pronto'");
  await next();
  await wiz.getByLabel('Apenas algumas cidades', { exact: true }).check();
  await next();
  await step(9);
  await wiz.getByRole('searchbox', { name: 'Cidade' }).fill('piracicaba');
  await wiz.getByRole('option', { name: 'Piracicaba, SP', exact: true }).click();
  await expectVisible(wiz.getByRole('list', { name: 'Locais escolhidos' }).getByText('Piracicaba, SP'), 'the city tag');
  await next();
  await step(10);
  await next();
  const done = page.getByRole('dialog', { name: 'Cadastro Finalizado!' });
  await expectVisible(done, "'Cadastro Finalizado!'");
  await done.getByRole('button', { name: 'OK' }).click();
  await eventually(() => /\/painel\/[^/]+$/.test(new URL(page.url()).pathname), 'the panel route');
  await expectVisible(page.getByRole('navigation', { name: 'Seções do painel' }), 'the panel menu');
  const me = JSON.parse(await page.evaluate(() => localStorage.getItem('sessao'))).userinfo;
  assert.equal(me.type, 1, 'the user is a supplier now');
  assert.equal(new URL(page.url()).pathname, `/painel/${me.usuario}`);
}

async function addProduct(page) {
  await section(page, 'Produtos');
  await page.getByRole('button', { name: 'Adicionar Produto' }).click();
  const wiz = page.getByRole('dialog').filter({ has: page.getByRole('progressbar') });
  await expectVisible(wiz.getByText('Prossiga para adicionar um novo produto'), 'the product wizard intro');
  const next = () => wiz.getByRole('button', { name: /^(Continuar|Adicionar produto)$/ }).click();
  await next();
  await wiz.getByLabel('Alimentos', { exact: true }).check();
  await next();
  await wiz.getByLabel('Título', { exact: true }).fill('Tomate Cereja');
  await wiz.getByLabel('Preço (R$)', { exact: true }).fill('8,00');
  await next();
  // Stock is a count or the explicit 'Sem controle de estoque' (the default): a count here.
  await wiz.getByLabel('Sem controle de estoque', { exact: true }).uncheck();
  await wiz.getByLabel('Estoque', { exact: true }).fill('50');
  await next();
  await wiz.getByLabel('Opção 1', { exact: true }).fill('Bandeja 250 g');
  await next();
  await wiz.getByLabel('Descrição (opcional)', { exact: true }).fill('Tomates colhidos no dia.');
  await next();
  await wiz.getByLabel('Escolher ícone', { exact: true }).setInputFiles({ name: 'tomate.jpg', mimeType: 'image/jpeg', buffer: await bigJpeg(page) });
  await expectVisible(wiz.getByRole('img', { name: 'Escolher ícone' }), 'the shrunk icon preview');
  await next();
  await next();
  const added = page.getByRole('dialog', { name: 'Produto adicionado!' });
  await expectVisible(added, "'Produto adicionado!'");
  await added.getByRole('button', { name: 'OK' }).click();

  const { produtos } = await rpcIn(page, 'pegar_produtos_fornecedor', { all: true });
  assert.equal(produtos.length, 1);
  const p = produtos[0];
  assert.equal(p.titulo, PRODUCT, 'the title lower-cased');
  assert.deepEqual(p.opcoes.map((o) => o.opcao), ['Bandeja 250 g']);
  assert.equal(p.estoque, 50);
  assert.ok(p.icone, 'a stored icon');
  const res = await fetch(`${APP_URL}${p.icone}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  assert.equal(bytes[0], 0xff, 'JPEG SOI');
  assert.equal(bytes[1], 0xd8, 'JPEG SOI');
  const size = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, p.icone);
  assert.ok(Math.max(...size) <= 300, `stored icon ${size.join('×')} within 300 px`);
  assert.equal(size[0], 300, 'the 640 px photo shrunk to 300 px wide');

  // Promotion: R$ 7,00 from 2 units.
  await page.getByRole('button', { name: /Tomate cereja/i }).click();
  await page.getByRole('button', { name: 'Adicionar promoção' }).click();
  const promo = page.getByRole('dialog', { name: 'Adicionar promoção' });
  await promo.getByLabel('Preço promocional (R$)', { exact: true }).fill('7,00');
  await promo.getByRole('button', { name: 'Aumentar Quantidade mínima da promoção' }).click();
  await promo.getByRole('button', { name: 'Salvar' }).click();
  await saved(page, 'the promotion');
  await expectVisible(page.getByRole('button', { name: /Tomate cereja/i }).getByText('R$ 7,00'), 'the card at the promotional price');
  await expectVisible(page.getByRole('button', { name: /Tomate cereja/i }).getByText(/^1[23]%$/), 'the discount badge (12.5 % rounded)');

  // A photo beside the icon (upload_foto), shrunk in the browser too.
  await page.getByRole('button', { name: /Tomate cereja/i }).click();
  await page.getByRole('button', { name: 'Adicionar fotos' }).click();
  const photos = page.getByRole('dialog', { name: 'Adicionar fotos' });
  await photos.getByLabel('Adicionar foto', { exact: true }).setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: await bigJpeg(page) });
  await saved(page, 'the photo');
  await expectVisible(photos.getByRole('img', { name: 'Foto 1' }), 'the uploaded photo');
  await photos.getByRole('button', { name: 'Voltar' }).click();
  await page.getByRole('dialog', { name: 'Tomate cereja' }).getByRole('button', { name: 'Voltar' }).click();
  const [withPhoto] = (await rpcIn(page, 'pegar_produtos_fornecedor', { all: true })).produtos;
  assert.equal(Object.keys(withPhoto.fotos).length, 1, 'one stored photo');
}

async function storeSettings(page) {
  await section(page, 'Categorias');
  await page.getByLabel('Nova categoria', { exact: true }).fill('Hortaliças');
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await saved(page, 'the category');
  await page.getByLabel(/Tomate cereja/i).selectOption('Hortaliças');
  await saved(page, 'the product category');

  await section(page, 'Cupons de desconto');
  await page.getByLabel('Código do cupom', { exact: true }).fill('hortinha 5');
  await page.getByLabel('Valor do desconto', { exact: true }).fill('5');
  await page.getByRole('button', { name: 'Criar cupom' }).click();
  await expectVisible(page.getByText('O nome do cupom não pode conter espaços.'), 'the coupon message');
  await page.getByLabel('Código do cupom', { exact: true }).fill('hortinha5');
  await page.getByRole('button', { name: 'Criar cupom' }).click();
  await saved(page, 'the coupon');
  await expectVisible(page.getByRole('list', { name: 'Cupons' }).getByText('HORTINHA5'), 'the coupon in the list');

  await section(page, 'Delivery');
  await page.getByRole('switch', { name: 'Entrega' }).check();
  await page.getByRole('switch', { name: 'Retirada no local' }).check();
  await page.getByRole('button', { name: 'Taxa por Km' }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expectVisible(page.getByText('Insira um preço por Km válido e maior que zero!'), 'the per-km price message');
  await page.getByLabel('Preço por Km (R$)', { exact: true }).fill('1,50');
  await page.getByLabel('Rua de partida', { exact: true }).fill('Rua Boa Morte');
  await page.getByLabel('Número de partida', { exact: true }).fill('1200');
  await page.getByRole('button', { name: 'Escolher cidade' }).click();
  const city = page.getByRole('dialog', { name: 'Selecione uma cidade' });
  await city.getByRole('combobox').fill('piracicaba');
  await city.getByRole('option', { name: 'Piracicaba, SP', exact: true }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await saved(page, 'the delivery settings');

  await section(page, 'Pagamentos');
  await page.getByLabel('Pix', { exact: true }).check();
  await page.getByRole('button', { name: 'Salvar formas de pagamento' }).click();
  await saved(page, 'the payment options');
  await page.getByLabel('Chave Pix', { exact: true }).fill('horta@pix.test');
  await page.getByRole('button', { name: 'Salvar chave Pix' }).click();
  await saved(page, 'the Pix key');

  await section(page, 'Loja online');
  await page.getByLabel('URL da loja', { exact: true }).fill('painel');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expectVisible(page.getByRole('alert'), 'a reserved name refused');
  await page.getByLabel('URL da loja', { exact: true }).fill('Horta-do-Teste');
  assert.equal(await page.getByLabel('URL da loja', { exact: true }).inputValue(), STORE, 'the URL lower-cased');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expectVisible(page.getByText('URL disponível!'), "'URL disponível!'");
  await page.getByLabel('Paleta 3', { exact: true }).check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await saved(page, 'the store');
  const store = await page.context().newPage();
  await store.goto(`/${STORE}`);
  await expectVisible(store.getByTestId('loja'), `the storefront /${STORE}`);
  await expectVisible(store.getByRole('button', { name: /tomate cereja/i }), 'the product in the storefront');
  assert.match(await store.getByTestId('loja').getAttribute('class'), /store--p3/, 'palette 3');
  await store.close();
}

/** The demo buyer orders 2 trays (promotional price) by Pix with delivery and the coupon. */
async function buyerOrders() {
  const context = await newContext(browser);
  const page = await context.newPage();
  try {
    await page.goto('/');
    await signIn(page, BUYER_LOGIN, { name: providerName(BUYER_LOGIN) });
    // The buyer's address has a CEP and a bairro (decisions.md §31): the store's delivery details show them.
    const address = await rpcFromPage(page, {
      codigo: 'alterar_endereco', rua: 'Avenida Independência', numero: '2350', cidade: 'Piracicaba, SP',
      telefone: '(19) 99230-1478', complemento: 'Apto 42', cep: '13400-390', bairro: 'Centro',
    });
    assert.equal(address.status, 200, JSON.stringify(address.body));
    await page.goto(`/${STORE}`);
    await page.getByRole('button', { name: /tomate cereja/i }).first().click();
    const modal = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Adicionar ao carrinho' }) });
    await modal.getByRole('combobox').selectOption('Bandeja 250 g');
    await modal.getByRole('button', { name: 'Aumentar quantidade' }).click();
    assert.equal(await modal.getByTestId('preco-total').textContent(), 'R$ 14,00', 'two trays at the promotional price');
    await modal.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByRole('button', { name: /Meu Pedido/ }).click();
    await page.getByRole('dialog', { name: 'Sua sacola', exact: true }).getByRole('button', { name: 'Continuar Compra' }).click();
    await page.getByRole('dialog', { name: 'Entrega ou Retirada', exact: true }).getByRole('button', { name: /^Entrega/ }).click();
    const summary = page.getByRole('dialog', { name: 'Resumo do pedido', exact: true });
    const fee = summary.getByTestId('taxa-entrega');
    await eventually(async () => (await fee.getAttribute('data-estado')) === 'por_km', 'the per-km fee');
    await summary.getByLabel('Cupom de desconto', { exact: true }).pressSequentially('hortinha5');
    await summary.getByRole('button', { name: 'Aplicar' }).click();
    await expectVisible(summary.getByTestId('desconto'), 'the coupon discount');
    const total = await summary.getByTestId('total').textContent();
    await summary.getByRole('button', { name: 'Continuar' }).click();
    const payment = page.getByRole('dialog', { name: 'Pagamento', exact: true });
    await payment.getByRole('radio', { name: 'Pix' }).check();
    await payment.getByRole('button', { name: 'Finalizar Compra' }).click();
    await expectVisible(page.getByText('Pedido realizado com sucesso!'), 'the order placed');
    const { pedidos } = await rpcIn(page, 'pegar_pedidos');
    return { total, txid: pedidos[0].Infos.txid };
  } finally {
    await context.close();
  }
}

/** The buyer's 'Recebi meu pedido' on their newest order (decisions.md §37). */
async function buyerConfirmsReceipt() {
  const context = await newContext(browser);
  const page = await context.newPage();
  try {
    await page.goto('/');
    await signIn(page, BUYER_LOGIN, { name: providerName(BUYER_LOGIN) });
    const { pedidos } = await rpcIn(page, 'pegar_pedidos');
    const r = await rpcFromPage(page, { codigo: 'confirmar_recebimento', item: pedidos[0].id });
    assert.equal(r.status, 200, `confirmar_recebimento: ${JSON.stringify(r.body)}`);
  } finally {
    await context.close();
  }
}

test('supplier: registration, product with photo, store, live order, confirmation, revenue and withdrawal', async () => {
  await withPage(browser, 'supplier', async (page) => {
    await page.goto('/');
    await registerBusiness(page);
    await addProduct(page);
    await storeSettings(page);

    // Entregas is open while the buyer orders and pays: the order appears once paid, without a reload.
    await section(page, 'Entregas');
    await expectVisible(page.getByText('Nenhuma entrega encontrada.'), 'no deliveries yet');
    const navigations = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));
    const { total, txid } = await buyerOrders();
    // Unpaid, a Pix order is not a delivery (decisions.md §27).
    await page.waitForTimeout(2000);
    await expectVisible(page.getByText('Nenhuma entrega encontrada.'), 'no delivery before the payment');
    assert.equal((await rpcIn(page, 'pegar_entregas_pendentes')).entregas?.length ?? 0, 0, 'nothing pending before the payment');
    await payPix(txid);
    await expectVisible(page.getByText('Carla Souza'), 'the paid order in Entregas, live', 20_000);
    await expectVisible(page.getByLabel('1 entregas pendentes', { exact: true }), 'the live pending count');
    assert.deepEqual(navigations, [], 'no reload');

    // Paid, its money is held until the delivery is confirmed.
    await section(page, 'Pagamentos');
    await eventually(async () => (await page.getByTestId('a-liberar').textContent()) === total, `'A liberar' ${total}`);
    assert.equal(await page.getByTestId('saldo').textContent(), 'R$ 0,00', 'nothing withdrawable before the delivery');
    await section(page, 'Entregas');
    await page.getByRole('button', { name: 'Detalhes' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Detalhes da Entrega' }), "'Detalhes da Entrega'");
    await expectVisible(page.getByText('Pix — Pago'), 'the payment');
    const endereco = await page.getByTestId('endereco-entrega').textContent();
    assert.match(endereco, /Avenida Independência, 2350 — Centro — Piracicaba, SP — CEP 13400-390 — Apto 42/, `the whole address: ${endereco}`);
    assert.equal(await page.getByRole('link', { name: 'Conversar no WhatsApp' }).getAttribute('href'), 'https://wa.me/5519992301478');
    await page.getByRole('button', { name: 'Marcar como entregue' }).click();
    await page.getByRole('dialog', { name: 'Marcar como entregue?' }).getByRole('button', { name: 'Sim' }).click();
    await saved(page, 'the mark');
    await expectVisible(page.getByText('Nenhuma entrega encontrada.'), 'the pending list empty again');
    // The buyer confirms receipt: only then is the money released (decisions.md §37).
    await buyerConfirmsReceipt();

    await section(page, 'Gestão');
    await eventually(async () => (await page.getByTestId('faturamento').textContent()) === total, `the month's revenue ${total}`);
    await expectVisible(page.getByRole('cell', { name: 'Tomate cereja' }), 'the product sold');

    await section(page, 'Pagamentos');
    await eventually(async () => (await page.getByTestId('saldo').textContent()) === total, `the balance ${total}`);
    assert.equal(await page.getByTestId('a-liberar').textContent(), 'R$ 0,00', "nothing left 'A liberar'");
    await page.getByRole('button', { name: 'Solicitar saque' }).click();
    const fee = Math.round(centavos(total) * 0.02);
    const brl = (c) => `R$ ${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`;
    assert.equal(await page.getByTestId('taxa').textContent(), brl(fee), 'the 2 % fee');
    assert.equal(await page.getByTestId('liquido').textContent(), brl(centavos(total) - fee), 'the net total');
    await page.getByRole('button', { name: 'Confirmar saque' }).click();
    await page.getByRole('dialog', { name: 'Solicitar Saque?' }).getByRole('button', { name: 'Sim' }).click();
    await expectVisible(page.getByText('Solicitação enviada!'), "'Solicitação enviada!'");
    await expectVisible(page.getByText('O pagamento pode levar até 2 dias úteis').first(), "'O pagamento pode levar até 2 dias úteis'");
    await eventually(async () => (await page.getByTestId('saldo').textContent()) === 'R$ 0,00', 'the balance moved to the request');
  });
});
