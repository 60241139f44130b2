/**
 * The admin panel's user-visible texts that more than one file uses (spec §2, §8).
 */
export const ERRO_DADOS = 'Algum erro ocorreu ao carregar os dados. Por favor, tente novamente.';
export const ERRO_CLIENTES = 'Algum erro ocorreu ao carregar os clientes.';
export const ERRO_VISIBILIDADE = 'Não foi possível alterar a visibilidade.';
export const NAO_INFORMADO = 'Não informado';
export const SEM_SAQUES = 'Nenhuma solicitação de saque pendente.';
export const CONFIRMAR_TRANSFERENCIA = 'Confirmar Transferência';
