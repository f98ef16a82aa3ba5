/**
 * The shop's local boleto connector (001 §7 Local boleto connector): what the web app and the connector
 * (apps/connector, POST /boleto/emitir, /boleto/gerar_remessa, /boleto/ler_retorno) agree on.
 *
 * Payload rules of 001 §7: dates yyyy-mm-dd; interest code '1' ('A' for collection type 8); protest days 0; species
 * DM; the bank goes as its collection type code 1-48, mapped from the internal bank id (the bank register's id, the
 * FEBRABAN compensation code: 341 Itaú, 1 Banco do Brasil...).
 */

/**
 * Internal bank id (FEBRABAN code) → collection type code 1-48. The numbering follows the public ordering of the
 * common boleto component's collection-type enumeration (ACBr TACBrTipoCobranca: 1 Banco do Brasil, 2 Santander,
 * 3 Caixa, 5 Bradesco, 6 Itaú, 8 Sicredi, 9 Sicoob...). Codes of a variant of a bank already listed (Caixa SICOB 4,
 * Bradesco SICOOB 16, Safra-Bradesco 18, BB-SICOOB 21, Unicred ES 26 / SC 34, Uniprime Norte PR 31, Pine-Bradesco 33,
 * BB API 36 / WS 37, Cresol 38, PenseBank API 45, VIACREDI 48) have no bank id of their own and are not reached from
 * here. Written from the public ordering, not copied; a bank not here cannot go to the connector.
 */
export const TIPO_COBRANCA: Readonly<Record<number, number>> = {
  1: 1, // Banco do Brasil
  33: 2, // Santander
  104: 3, // Caixa Econômica Federal
  237: 5, // Bradesco
  341: 6, // Itaú
  389: 7, // Mercantil do Brasil
  748: 8, // Sicredi
  756: 9, // Sicoob (Bancoob)
  41: 10, // Banrisul
  21: 11, // Banestes
  399: 12, // HSBC
  4: 13, // Banco do Nordeste
  70: 14, // BRB
  320: 15, // BicBanco
  422: 17, // Safra
  85: 19, // Ailos (CECRED)
  3: 20, // Banco da Amazônia
  84: 22, // Uniprime
  136: 23, // Unicred
  47: 24, // Banese
  97: 25, // CrediSIS
  133: 27, // Cresol
  745: 28, // Citibank
  246: 29, // ABC Brasil
  707: 30, // Daycoval
  643: 32, // Pine
  25: 35, // Alfa
  274: 39, // Money Plus
  336: 40, // C6
  633: 41, // Rendimento
  77: 42, // Inter
  637: 43, // Sofisa
  218: 44, // BS2
  208: 46, // BTG Pactual
  212: 47, // Original
};

/** The collection type of a bank id, or undefined when the connector has none for it. */
export const tipoCobrancaOf = (id_banco: number | null | undefined): number | undefined =>
  (id_banco === null || id_banco === undefined ? undefined : TIPO_COBRANCA[id_banco]);

/** 001 §7: the collection type whose interest code is 'A' (Sicredi's). */
export const TIPO_COBRANCA_JUROS_A = 8;
/** 001 §7: interest code '1', or 'A' for collection type 8. */
export const codigoMoraOf = (tipo_cobranca: number): '1' | 'A' => (tipo_cobranca === TIPO_COBRANCA_JUROS_A ? 'A' : '1');
/** 001 §7: protest days and species. */
export const DIAS_PROTESTO = 0;
export const ESPECIE_DOCUMENTO = 'DM';

export const BOLETO_CONNECTOR_MESSAGES = {
  /** Our own (code 999): the body is not a boleto request; the first problem follows. */
  invalid: (detalhe: string) => `Requisição de boleto inválida: ${detalhe}`,
  /** Our own (code 999): the collection type does not match the bank id. */
  tipoCobranca: (banco: number, tipo: number) => `O tipo de cobrança ${tipo} não corresponde ao banco ${banco}.`,
  emitted: (n: number) => `${n} boleto(s) emitido(s).`,
  remessa: 'Remessa gerada.',
  retorno: 'Retorno lido.',
  /** Web: the picker's label and title. */
  pickerTitle: 'Selecionar dispositivo',
  pickerLabel: 'Dispositivo',
  noDevice: 'Nenhum dispositivo cadastrado.',
  chooseDevice: 'Selecione o dispositivo do conector local.',
  /** Web: what the connector read of a retorno, before the server applies it. */
  retornoRead: (itens: number, erros: number) => `Leitura do conector: ${itens} título(s), ${erros} problema(s).`,
} as const;
