/**
 * Terms and conditions of use (`/termos`).
 */
import { Link } from 'react-router-dom';
import { CONTACT_EMAIL } from '@/config/contact';
import { usePageTitle } from '@/hooks/usePageTitle';
import '../static.css';

export const TERMS_UPDATED = '1º de novembro de 2026';

export default function TermsPage() {
  usePageTitle('Termos de uso');
  return (
    <article className="container page prose">
      <h1>Termos e condições de uso</h1>
      <p className="muted">Última atualização: {TERMS_UPDATED}</p>

      <p>
        Estes Termos regem o uso da Feira, plataforma on-line que aproxima produtores, fornecedores e compradores de
        alimentos e produtos agrícolas, pelo site e pelos aplicativos. Ao criar uma conta ou usar a plataforma, você
        declara que leu e concorda com estes Termos e com a nossa{' '}
        <Link to="/privacidade">Política de privacidade</Link>.
      </p>

      <h2>1. O que a Feira faz</h2>
      <p>
        A Feira oferece um espaço para que vendedores publiquem anúncios diretos e lojas on-line, e para que compradores
        encontrem produtos da sua região, façam pedidos e paguem presencialmente ou por Pix. A Feira não é a vendedora
        dos produtos anunciados: cada vendedor é responsável pela oferta, pela qualidade, pela entrega e pelo
        atendimento do que vende.
      </p>

      <h2>2. Cadastro e conta</h2>
      <ul>
        <li>O acesso é feito com uma conta de um provedor de identidade (por exemplo, Google). Você deve ter 18 anos ou mais, ou estar assistido por seu responsável legal.</li>
        <li>Você é responsável pela veracidade dos dados informados (nome, telefone, endereço, CPF ou CNPJ) e por mantê-los atualizados.</li>
        <li>A conta é pessoal. Avise-nos imediatamente em caso de uso não autorizado.</li>
      </ul>

      <h2>3. Anúncios diretos e conta empresarial</h2>
      <p>
        Qualquer usuário pode publicar anúncios diretos gratuitamente, sem conta empresarial. A conta empresarial também é
        gratuita e não tem mensalidade; ela permite manter uma loja com endereço próprio, receber pedidos e pagamentos por
        Pix. O vendedor escolhe onde seus anúncios aparecem (todo o Brasil, alguns estados ou algumas cidades).
      </p>
      <p>É proibido anunciar:</p>
      <ul>
        <li>produtos ilegais, falsificados, roubados ou sem a procedência exigida pela legislação sanitária e agropecuária;</li>
        <li>agrotóxicos, sementes ou mudas sem registro nos órgãos competentes, animais silvestres e quaisquer itens cuja venda seja restrita;</li>
        <li>conteúdo enganoso, ofensivo, discriminatório ou que viole direitos de terceiros.</li>
      </ul>
      <p>A Feira pode ocultar anúncios e lojas que descumpram estes Termos, com aviso ao responsável sempre que possível.</p>

      <h2>4. Pedidos, preços e pagamentos</h2>
      <ul>
        <li>Os preços, o estoque, as taxas de entrega e os cupons são definidos pelo vendedor e conferidos pela plataforma no momento do pedido. Se algum preço mudar, o pedido não é concluído e você é avisado para revisá-lo.</li>
        <li>Pagamentos por Pix são recebidos pela plataforma e repassados ao vendedor, que pode solicitar a transferência do saldo com taxa de 2% e prazo de até 2 dias úteis.</li>
        <li>Pagamentos presenciais são combinados diretamente entre comprador e vendedor.</li>
        <li>O comprador pode cancelar o pedido enquanto ele aguarda entrega. Pedidos pagos por Pix e cancelados são estornados.</li>
        <li>Os direitos previstos no Código de Defesa do Consumidor, incluindo o direito de arrependimento nas compras a distância, são preservados.</li>
      </ul>

      <h2>5. Registro de arquivos em blockchain</h2>
      <p>
        O serviço de registro em blockchain grava o arquivo enviado de forma pública e permanente. Depois de gravado, o
        arquivo não pode ser alterado nem apagado por ninguém, inclusive pela Feira. Não envie dados pessoais, segredos
        comerciais ou conteúdo que você não tenha o direito de publicar. Cada registro consome uma ficha, adquirida por
        Pix; a ficha só é descontada quando o envio é concluído.
      </p>

      <h2>6. Responsabilidades</h2>
      <p>
        A Feira se esforça para manter a plataforma disponível e segura, mas não garante funcionamento ininterrupto. A
        Feira não responde por negociações feitas fora da plataforma, nem por produtos, entregas ou informações de
        responsabilidade dos vendedores, sem prejuízo dos direitos do consumidor previstos em lei.
      </p>

      <h2>7. Propriedade intelectual</h2>
      <p>
        A marca, o layout e o software da Feira são protegidos por lei. Ao publicar fotos e textos, você declara ter os
        direitos sobre eles e autoriza a Feira a exibi-los na plataforma enquanto o anúncio estiver ativo.
      </p>

      <h2>8. Alterações destes Termos</h2>
      <p>
        Podemos alterar estes Termos para refletir mudanças na plataforma ou na legislação. As alterações serão
        publicadas nesta página e comunicadas pelos canais cadastrados. Você terá <strong>5 (cinco) dias</strong>,
        contados da publicação, para manifestar discordância pelo e-mail {CONTACT_EMAIL}; nesse caso, poderá encerrar sua
        conta sem qualquer ônus. Se não houver manifestação nesse prazo, o uso continuado da plataforma indicará a
        aceitação dos novos Termos.
      </p>

      <h2>9. Encerramento da conta</h2>
      <p>
        Você pode encerrar sua conta a qualquer momento pelo e-mail {CONTACT_EMAIL}. Pedidos em andamento devem ser
        concluídos ou cancelados antes. A Feira pode suspender contas que violem estes Termos ou a lei.
      </p>

      <h2>10. Lei aplicável e foro</h2>
      <p>
        Estes Termos são regidos pelas leis da República Federativa do Brasil. Fica eleito o foro do domicílio do
        consumidor para dirimir eventuais conflitos.
      </p>

      <h2>11. Contato</h2>
      <p>
        Dúvidas sobre estes Termos: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </article>
  );
}
