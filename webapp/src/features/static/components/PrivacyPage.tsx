/**
 * Privacy policy (`/privacidade`), written for the LGPD (Lei nº 13.709/2018).
 */
import { Link } from 'react-router-dom';
import { CONTACT_EMAIL } from '@/config/contact';
import { usePageTitle } from '@/hooks/usePageTitle';
import '../static.css';

export default function PrivacyPage() {
  usePageTitle('Política de privacidade');
  return (
    <article className="container page prose">
      <h1>Política de privacidade</h1>
      <p className="muted">Última atualização: 1º de novembro de 2026</p>

      <p>
        Esta Política explica como a Feira trata os dados pessoais de quem usa o site e os aplicativos, de acordo com a
        Lei Geral de Proteção de Dados Pessoais (LGPD, Lei nº 13.709/2018). Ela complementa os{' '}
        <Link to="/termos">Termos de uso</Link>.
      </p>

      <h2>1. Quem trata os seus dados</h2>
      <p>
        A Feira é a controladora dos dados tratados na plataforma. O encarregado pelo tratamento de dados pessoais
        (DPO) pode ser contatado pelo e-mail <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>

      <h2>2. Quais dados coletamos</h2>
      <ul>
        <li><strong>Conta:</strong> nome, e-mail e identificador fornecidos pelo provedor de login (por exemplo, Google). Não recebemos a sua senha.</li>
        <li><strong>Cadastro e entrega:</strong> telefone, cidade, rua, número, complemento e as coordenadas aproximadas do endereço, usadas para calcular a taxa de entrega.</li>
        <li><strong>Conta empresarial:</strong> nome público da loja, CPF ou CNPJ, descrição, Instagram, fotos e chave Pix para repasses.</li>
        <li><strong>Pedidos e pagamentos:</strong> itens, valores, forma de entrega e situação do pagamento Pix. Não armazenamos dados bancários do comprador.</li>
        <li><strong>Anúncios e arquivos:</strong> textos e fotos que você publica e os arquivos enviados para registro em blockchain.</li>
        <li><strong>Dados do navegador:</strong> guardamos no seu aparelho a sessão de login, a região escolhida e a sacola de compras. Não usamos cookies de publicidade nem rastreadores de terceiros.</li>
      </ul>

      <h2>3. Para que usamos e com qual base legal</h2>
      <ul>
        <li>Criar e manter sua conta, processar pedidos, entregas e pagamentos — execução de contrato (art. 7º, V).</li>
        <li>Cumprir obrigações legais e fiscais e atender a autoridades — obrigação legal (art. 7º, II).</li>
        <li>Prevenir fraudes e manter a segurança da plataforma — legítimo interesse (art. 7º, IX).</li>
        <li>Mostrar produtos da sua região — legítimo interesse, com a região escolhida por você.</li>
        <li>Enviar comunicações sobre novidades — consentimento (art. 7º, I), que pode ser retirado a qualquer momento.</li>
      </ul>

      <h2>4. Com quem compartilhamos</h2>
      <ul>
        <li><strong>Vendedores:</strong> ao fazer um pedido, o vendedor recebe seu nome, telefone e, na entrega, o endereço, apenas para atender o pedido.</li>
        <li><strong>Instituição de pagamento:</strong> os dados necessários para gerar e confirmar cobranças Pix.</li>
        <li><strong>Provedores de infraestrutura:</strong> hospedagem, armazenamento de fotos e envio de e-mails, sob contrato e com as salvaguardas exigidas pela LGPD, inclusive quando situados fora do Brasil.</li>
        <li><strong>Autoridades:</strong> quando houver obrigação legal ou ordem judicial.</li>
      </ul>
      <p>Não vendemos dados pessoais.</p>

      <h2>5. Registro em blockchain</h2>
      <p>
        Arquivos enviados ao registro em blockchain tornam-se públicos e permanentes e não podem ser corrigidos nem
        eliminados, nem mesmo a pedido. Por isso, não envie arquivos que contenham dados pessoais, seus ou de terceiros.
      </p>

      <h2>6. Por quanto tempo guardamos</h2>
      <p>
        Mantemos os dados enquanto a conta estiver ativa. Após o encerramento, guardamos apenas o necessário para cumprir
        obrigações legais, como registros de pedidos e pagamentos pelo prazo fiscal, e os registros de acesso pelo prazo
        de 6 meses previsto no Marco Civil da Internet. Depois disso, os dados são eliminados ou anonimizados.
      </p>

      <h2>7. Seus direitos</h2>
      <p>Nos termos do art. 18 da LGPD, você pode pedir a qualquer momento:</p>
      <ul>
        <li>confirmação de que tratamos seus dados e acesso a eles;</li>
        <li>correção de dados incompletos, inexatos ou desatualizados;</li>
        <li>anonimização, bloqueio ou eliminação de dados desnecessários ou tratados em desconformidade com a lei;</li>
        <li>portabilidade dos dados a outro fornecedor;</li>
        <li>eliminação dos dados tratados com base no consentimento e informação sobre com quem os compartilhamos;</li>
        <li>revogação do consentimento e revisão de decisões automatizadas.</li>
      </ul>
      <p>
        Você mesmo pode alterar nome e endereço no seu perfil. Para os demais pedidos, escreva para{' '}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>; responderemos em até 15 dias. Você também pode
        reclamar à Autoridade Nacional de Proteção de Dados (ANPD).
      </p>

      <h2>8. Segurança</h2>
      <p>
        Usamos conexões criptografadas, controle de acesso e sessões que podem ser revogadas. Nenhum sistema é
        totalmente imune a incidentes; se ocorrer um incidente que possa causar risco relevante, comunicaremos você e a
        ANPD, como determina a lei.
      </p>

      <h2>9. Crianças e adolescentes</h2>
      <p>A Feira não se destina a menores de 18 anos desacompanhados de seus responsáveis.</p>

      <h2>10. Alterações desta Política</h2>
      <p>
        Esta Política pode ser atualizada. A versão em vigor fica sempre nesta página, com a data da última atualização,
        e mudanças relevantes são comunicadas pelos canais cadastrados.
      </p>
    </article>
  );
}
