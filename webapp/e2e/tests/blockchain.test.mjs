// The notarisation journey, against a real local Arweave gateway
// (arlocal, started by e2e/run.mjs, ARWEAVE_URL):
//   sign in on /blockchain; no tokens yet ('Você não possui fichas!'); buy 2 tokens by Pix
//   (QR modal after 'GERAR PIX', paid through the sandbox endpoint, credited); a file over
//   100 MB is refused ('Arquivo muito grande!'); upload a 5 MB file (confirm, 'Insira uma
//   descrição', description, 'FINALIZAR' with progress, success with the link); the link gives
//   back the same bytes from the gateway; the record is in the history and on /verificar/{id}
//   (name, SHA-256, confirmed); dropping the same file matches, another differs; balance 1.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, openSync, ftruncateSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually, expectVisible, launchBrowser, payPix, signIn, withPage } from '../lib.mjs';

const ARWEAVE_URL = (process.env.ARWEAVE_URL || '').replace(/\/+$/, '');
const LOGIN = 'notaria';

let browser;
let dir;
before(async () => {
  browser = await launchBrowser();
  dir = mkdtempSync(path.join(tmpdir(), 'feira-e2e-notary-'));
});
after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Drops `bytes` as a file named `name` on `target` (a real drop event with a DataTransfer). */
async function dropFile(page, target, name, bytes) {
  const transfer = await page.evaluateHandle(
    ({ b64, fileName }) => {
      const bin = atob(b64);
      const arr = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) arr[i] = bin.charCodeAt(i);
      const dt = new DataTransfer();
      dt.items.add(new File([arr], fileName, { type: 'application/octet-stream' }));
      return dt;
    },
    { b64: Buffer.from(bytes).toString('base64'), fileName: name },
  );
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}

test('buy tokens by Pix, notarise a 5 MB file on arlocal, verify it', async () => {
  assert.ok(ARWEAVE_URL, 'ARWEAVE_URL is set by e2e/run.mjs');
  const data = randomBytes(5 * 1024 * 1024);
  const sha = createHash('sha256').update(data).digest('hex');
  const filePath = path.join(dir, 'laudo-safra.pdf');
  writeFileSync(filePath, data);
  // Over 100 MB, sparse: no need to write the bytes.
  const bigPath = path.join(dir, 'grande.bin');
  const fd = openSync(bigPath, 'w');
  ftruncateSync(fd, 104_857_601);
  closeSync(fd);

  await withPage(browser, 'blockchain', async (page) => {
    await page.goto('/blockchain');
    await expectVisible(page.getByRole('button', { name: 'Entrar' }), 'the sign-in prompt of the page');
    await signIn(page, LOGIN);
    const saldo = page.getByTestId('saldo-fichas');
    await expectVisible(saldo.getByText('0 fichas'), 'a balance of 0');

    // No tokens: refused at once.
    await page.getByTestId('arquivo-blockchain').setInputFiles(filePath);
    await expectVisible(page.getByText('Você não possui fichas!').first(), "'Você não possui fichas!'");
    await page.keyboard.press('Escape');

    // --- Buy 2 tokens by Pix ----------------------------------------------------------------------
    await page.getByLabel('Quantidade').fill('2');
    await expectVisible(page.getByText('Total: R$ 10,00'), 'the price of 2 tokens');
    const charged = page.waitForResponse((r) => r.url().endsWith('/api') && r.request().postData()?.includes('gerarpix_blockchain'));
    await page.getByRole('button', { name: 'GERAR PIX' }).click();
    const charge = await (await charged).json();
    const modal = page.getByRole('dialog', { name: 'Pagamento via Pix' });
    await expectVisible(modal.getByRole('img', { name: 'QR Code Pix' }), 'the QR code');
    assert.equal(await modal.getByTestId('pix-copia-e-cola').inputValue(), charge.codigo.qrcode);
    await payPix(charge.txid);
    await expectVisible(modal.getByText('Pagamento confirmado!', { exact: false }), 'the payment credited');
    await modal.getByRole('button', { name: 'Fechar' }).click().catch(() => page.keyboard.press('Escape'));
    await expectVisible(saldo.getByText('2 fichas'), 'a balance of 2');

    // --- Too large --------------------------------------------------------------------------------
    await page.getByTestId('arquivo-blockchain').setInputFiles(bigPath);
    await expectVisible(page.getByText('Arquivo muito grande!').first(), "'Arquivo muito grande!'");
    await page.keyboard.press('Escape');

    // --- Upload 5 MB ------------------------------------------------------------------------------
    await page.getByTestId('arquivo-blockchain').setInputFiles(filePath);
    await expectVisible(page.getByText('laudo-safra.pdf'), 'the picked file');
    await page.getByRole('button', { name: 'Confirmar arquivo' }).click();
    await page.getByRole('button', { name: 'FINALIZAR' }).click();
    await expectVisible(page.getByText('Insira uma descrição'), "'Insira uma descrição'");
    await page.getByLabel('Descrição').fill('Laudo de análise da safra 2026');
    await page.getByRole('button', { name: 'FINALIZAR' }).click();
    await expectVisible(page.getByText('Arquivo registrado com sucesso!'), 'the success', 90_000);
    const link = await page.getByTestId('link-registro').getAttribute('href');
    assert.ok(link.startsWith(`${ARWEAVE_URL}/`), `the link ${link} points at the gateway`);
    const id = link.slice(ARWEAVE_URL.length + 1);
    const back = Buffer.from(await (await fetch(link)).arrayBuffer());
    assert.equal(back.length, data.length, 'the gateway gives back as many bytes');
    assert.ok(back.equals(data), 'the gateway gives back the same bytes');

    await expectVisible(saldo.getByText('1 ficha', { exact: true }), 'a balance of 1');
    const entry = page.getByTestId('registro').filter({ hasText: 'Laudo de análise da safra 2026' });
    await expectVisible(entry, 'the record in the history');

    // --- Verification page ------------------------------------------------------------------------
    await page.getByRole('link', { name: 'Ver verificação' }).click();
    await page.waitForURL(`**/verificar/${id}`);
    await expectVisible(page.getByTestId('verificar-nome').getByText('laudo-safra.pdf'), 'the file name');
    assert.equal(await page.getByTestId('verificar-sha256').textContent(), sha, 'the SHA-256 shown');
    await eventually(async () => {
      const s = await page.getByTestId('verificar-status').textContent();
      if (s.includes('Confirmado')) return true;
      await page.reload();
      return false;
    }, 'the gateway confirmation', 30_000);

    const zone = page.getByTestId('area-conferir');
    await dropFile(page, zone, 'laudo-safra.pdf', data);
    await expectVisible(page.getByTestId('resultado-conferir').getByText('confere com o registro', { exact: false }), 'the same file matching');
    const other = Buffer.from(data);
    other[0] ^= 1;
    await dropFile(page, zone, 'outro.pdf', other);
    await expectVisible(page.getByTestId('resultado-conferir').getByText('é diferente do registrado', { exact: false }), 'another file differing');

    // Balance, from the API itself.
    await page.goto('/blockchain');
    await expectVisible(page.getByTestId('saldo-fichas').getByText('1 ficha', { exact: true }), 'a balance of 1 after reload');
  });
});
