// The local OpenID provider's pages (oidc.mjs): the library's dev pages (sign-in form, error,
// sign-out) made self-contained (no Google Fonts) and Portuguese, as the rest of the demo.

/**
 * The library's pages in Portuguese, as the rest of the demo (its texts are English): the sign-in
 * form, its error page and the sign-out prompt. Each pair is the library's text and ours.
 */
export const PORTUGUES = [
  ['<html >', '<html lang="pt-BR">'],
  ['<html>', '<html lang="pt-BR">'],
  ['<title>Sign-in</title>', '<title>Entrar</title>'],
  ['<h1>Sign-in</h1>', '<h1>Entrar</h1>'],
  ['placeholder="Enter any login"', 'placeholder="Login (qualquer um, ex.: comprador)" aria-label="Login"'],
  ['placeholder="and password"', 'placeholder="Senha (não é conferida)" aria-label="Senha"'],
  ['>Sign-in</button>', '>Entrar</button>'],
  ['[ Cancel ]', '[ Cancelar ]'],
  ['[ Terms of Service ]', '[ Termos de uso ]'],
  ['[ Privacy Policy ]', '[ Política de privacidade ]'],
  ['(Click to expand) DEBUG information', '(Clique para abrir) Informações de depuração'],
  ['oops! something went wrong', 'Algo deu errado'],
  ['<title>Sign-out Success</title>', '<title>Você saiu</title>'],
  ['<h1>Sign-out Success</h1>', '<h1>Você saiu</h1>'],
  ['<title>Logout Request</title>', '<title>Sair</title>'],
  ['Yes, sign me out', 'Sim, sair'],
  ['No, stay signed in', 'Não, continuar conectado'],
];

/** A page of the library, self-contained and in Portuguese (below). */
export function paginaLocal(html) {
  let out = html
    .replace(/@import url\(https?:\/\/fonts\.googleapis\.com[^)]*\);?/g, '')
    .replace(/<input required type="password"/g, '<input type="password"');
  for (const [en, pt] of PORTUGUES) out = out.split(en).join(pt);
  return out
    .replace(/Do you want to sign-out from ([^?<]*)\?/g, 'Deseja sair de $1?')
    .replace(/Your sign-out (.*?) ?was successful\./g, 'Você saiu com sucesso.');
}
