//! The sentences the API answers in more than one place, written once (user-visible text, in
//! the spec's Portuguese; the domain rules' own messages are wasm-core's `messages`, shared
//! with the browser). A sentence used in one place stays next to its code.

/// A payload whose fields cannot be read (the generic bad payload): wasm-core's sentence, so the
/// API and the browser's rules say it the same way.
pub use wasm_core::messages::DADOS_INVALIDOS;
/// A body that is not JSON.
pub const REQUISICAO_INVALIDA: &str = "Requisição inválida.";
/// A `codigo` no handler knows (decisions.md §1).
pub const ACAO_DESCONHECIDA: &str = "Ação desconhecida";
/// An API path or endpoint that does not exist.
pub const ENDERECO_NAO_ENCONTRADO: &str = "Endereço não encontrado.";

pub const PEDIDO_NAO_ENCONTRADO: &str = "Pedido não encontrado.";
/// A supplier that does not exist; also a signed-in user without a business account, in the
/// panel.
pub const FORNECEDOR_NAO_ENCONTRADO: &str = "Fornecedor não encontrado.";
pub const PRODUTO_NAO_ENCONTRADO: &str = "Produto não encontrado.";
pub const ANUNCIO_NAO_ENCONTRADO: &str = "Anúncio não encontrado.";

/// A hidden or missing store at checkout.
pub const LOJA_INDISPONIVEL: &str = "Esta loja não está disponível.";
/// A bag line whose product was deleted.
pub const PRODUTO_REMOVIDO: &str = "Um produto da sacola não existe mais.";
/// A second business account for the same user.
pub const CONTA_EMPRESARIAL_EXISTENTE: &str = "Você já possui uma conta empresarial.";
/// A notarisation upload that is not a readable data URL.
pub const ARQUIVO_INVALIDO: &str = "Arquivo inválido.";

/// The PSP failed or was too slow while a Pix charge was being opened (nothing was stored).
pub const PIX_INDISPONIVEL: &str = "Não foi possível gerar o Pix agora. Tente novamente.";
