/**
 * Demo Moda: a clothing and footwear shop in São Paulo (Simples Nacional) with a street shop and a mall shop.
 * Brands, people and documents are fictitious; CPFs, CNPJs and GTINs carry valid check digits.
 */
import type { CatalogSeed, ProductSeed } from './shop-catalog.ts';
import type { AddressSeed, PersonSeed, SettingsSeed } from './shop-settings.ts';

const ROUPA = ['P', 'M', 'G', 'GG'];
const ROUPA_F = ['P', 'M', 'G'];
const JEANS_M = ['38', '40', '42', '44', '46'];
const JEANS_F = ['36', '38', '40', '42', '44'];
const CALCADO = ['37', '38', '39', '40', '41', '42', '43'];
const CALCADO_F = ['34', '35', '36', '37', '38', '39'];
const CALCADO_U = ['36', '37', '38', '39', '40', '41', '42'];

// [sku, descricao, categoria, marca, unidade, ncm, venda, atacado, custo, tamanhos, cores, extras]
type Row = [string, string, string, string, string, string, number, number, number, string[]?, string[]?, Partial<ProductSeed>?];

const PRODUCTS: Row[] = [
  ['CAM-0001', 'Camiseta Básica Algodão Gola Redonda', 'Camisetas', 'Algodão Nobre', 'PC', '61091000', 39.9, 34.9, 16.5, ROUPA, ['Branco', 'Preto', 'Cinza Mescla'], { atacarejo: 6 }],
  ['CAM-0002', 'Camiseta Estampada Praia', 'Camisetas', 'Brisa Praia', 'PC', '61091000', 59.9, 49.9, 24.0, ROUPA, ['Azul', 'Amarelo'], { atacarejo: 6 }],
  ['CAM-0003', 'Camiseta Gola V Masculina', 'Camisetas', 'Demo Basics', 'PC', '61091000', 44.9, 38.9, 18.2, ROUPA, ['Preto', 'Azul Marinho'], { atacarejo: 6 }],
  ['CAM-0004', 'Camiseta Baby Look Feminina', 'Camisetas', 'Algodão Nobre', 'PC', '61091000', 42.9, 36.9, 17.0, ROUPA_F, ['Rosa', 'Branco'], { atacarejo: 6 }],
  ['CAM-0005', 'Camiseta Dry Fit Esportiva', 'Camisetas', 'Trilha Sul', 'PC', '61099000', 69.9, 59.9, 27.5, ROUPA, ['Preto']],
  ['POL-0001', 'Camisa Polo Piquet Masculina', 'Camisas', 'Algodão Nobre', 'PC', '61051000', 89.9, 76.9, 36.0, ROUPA, ['Azul Marinho', 'Branco', 'Verde']],
  ['CSO-0001', 'Camisa Social Manga Longa Slim', 'Camisas', 'Demo Basics', 'PC', '62052000', 129.9, 109.9, 52.0, ROUPA, ['Branco', 'Azul Claro']],
  ['CSO-0002', 'Camisa Xadrez Flanela', 'Camisas', 'Trilha Sul', 'PC', '62052000', 119.9, 99.9, 47.0, ROUPA],
  ['CAL-0001', 'Calça Jeans Masculina Slim', 'Calças', 'Urbano Jeans', 'PC', '62034200', 169.9, 144.9, 68.0, JEANS_M],
  ['CAL-0002', 'Calça Jeans Feminina Skinny Cintura Alta', 'Calças', 'Urbano Jeans', 'PC', '62046200', 179.9, 152.9, 72.0, JEANS_F],
  ['CAL-0003', 'Calça Sarja Chino Masculina', 'Calças', 'Demo Basics', 'PC', '62034200', 139.9, 118.9, 56.0, JEANS_M, ['Bege', 'Azul Marinho']],
  ['CAL-0004', 'Calça Moletom Jogger', 'Calças', 'Algodão Nobre', 'PC', '61034200', 99.9, 84.9, 40.0, ROUPA, ['Cinza Mescla', 'Preto']],
  ['CAL-0005', 'Legging Fitness Suplex', 'Calças', 'Trilha Sul', 'PC', '61046300', 79.9, 67.9, 31.0, ROUPA, ['Preto']],
  ['BER-0001', 'Bermuda Jeans Masculina', 'Bermudas e Shorts', 'Urbano Jeans', 'PC', '62034200', 109.9, 93.9, 44.0, JEANS_M],
  ['BER-0002', 'Bermuda Tactel Praia', 'Bermudas e Shorts', 'Brisa Praia', 'PC', '62034300', 69.9, 59.9, 26.0, ROUPA, ['Azul', 'Laranja']],
  ['SHO-0001', 'Short Jeans Feminino Destroyed', 'Bermudas e Shorts', 'Urbano Jeans', 'PC', '62046200', 99.9, 84.9, 39.0, JEANS_F],
  ['VES-0001', 'Vestido Midi Viscose Estampado', 'Vestidos e Saias', 'Brisa Praia', 'PC', '62044400', 159.9, 135.9, 62.0, ROUPA_F],
  ['VES-0002', 'Vestido Tubinho Malha', 'Vestidos e Saias', 'Algodão Nobre', 'PC', '61044200', 119.9, 101.9, 46.0, ROUPA_F, ['Preto', 'Vinho']],
  ['SAI-0001', 'Saia Jeans Midi', 'Vestidos e Saias', 'Urbano Jeans', 'PC', '62045200', 119.9, 101.9, 46.5, JEANS_F],
  ['BLU-0001', 'Blusa Cropped Canelada', 'Blusas', 'Algodão Nobre', 'PC', '61061000', 49.9, 42.9, 19.0, ROUPA_F, ['Branco', 'Preto', 'Verde Oliva'], { atacarejo: 6 }],
  ['BLU-0002', 'Blusa de Tricô Gola Alta', 'Blusas', 'Demo Basics', 'PC', '61103000', 129.9, 109.9, 51.0, ROUPA_F],
  ['MOL-0001', 'Moletom Canguru com Capuz', 'Agasalhos', 'Algodão Nobre', 'PC', '61102000', 149.9, 127.9, 58.0, ROUPA, ['Preto', 'Cinza Mescla']],
  ['JAQ-0001', 'Jaqueta Jeans Unissex', 'Agasalhos', 'Urbano Jeans', 'PC', '62013000', 219.9, 186.9, 88.0, ROUPA],
  ['JAQ-0002', 'Jaqueta Corta-Vento Impermeável', 'Agasalhos', 'Trilha Sul', 'PC', '62014000', 249.9, 212.9, 99.0, ROUPA, ['Preto', 'Azul Royal']],
  ['INT-0001', 'Cueca Boxer Algodão Kit com 3', 'Moda Íntima', 'Demo Basics', 'UN', '61071100', 59.9, 49.9, 22.0, ROUPA, undefined, { atacarejo: 4 }],
  ['INT-0002', 'Calcinha Algodão Kit com 5', 'Moda Íntima', 'Demo Basics', 'UN', '61082100', 49.9, 41.9, 18.0, ROUPA_F, undefined, { atacarejo: 4 }],
  ['INT-0003', 'Sutiã com Bojo Microfibra', 'Moda Íntima', 'Algodão Nobre', 'PC', '62121000', 69.9, 59.9, 27.0, ['40', '42', '44', '46']],
  ['MEI-0001', 'Meia Cano Médio Algodão', 'Meias', 'Demo Basics', 'PAR', '61159500', 14.9, 11.9, 4.8, ['34-38', '39-43'], ['Branco', 'Preto'], { atacarejo: 12, caixa: 12 }],
  ['MEI-0002', 'Meia Soquete Esportiva Kit com 3 Pares', 'Meias', 'Trilha Sul', 'UN', '61159500', 29.9, 24.9, 10.5, undefined, undefined, { atacarejo: 6, caixa: 10 }],
  ['TEN-0001', 'Tênis Corrida Amortecimento', 'Tênis', 'Passo Firme', 'PAR', '64041100', 299.9, 254.9, 128.0, CALCADO, ['Preto', 'Azul'], { garantia: 90 }],
  ['TEN-0002', 'Tênis Casual Lona', 'Tênis', 'Passo Firme', 'PAR', '64041900', 129.9, 109.9, 52.0, CALCADO_U, ['Branco'], { garantia: 90 }],
  ['TEN-0003', 'Tênis Infantil Velcro', 'Tênis', 'Passo Firme', 'PAR', '64041900', 99.9, 84.9, 40.0, ['26', '27', '28', '29', '30', '31', '32'], undefined, { garantia: 90 }],
  ['SAP-0001', 'Sapato Social Couro Masculino', 'Sapatos', 'Couro Fino', 'PAR', '64039990', 259.9, 220.9, 108.0, CALCADO, ['Preto', 'Marrom'], { garantia: 90 }],
  ['SAP-0002', 'Scarpin Salto Médio', 'Sapatos', 'Couro Fino', 'PAR', '64039990', 199.9, 169.9, 82.0, CALCADO_F, ['Preto', 'Nude'], { garantia: 90 }],
  ['SAN-0001', 'Sandália Rasteira Feminina', 'Sandálias e Chinelos', 'Brisa Praia', 'PAR', '64029990', 69.9, 59.9, 26.0, CALCADO_F],
  ['CHI-0001', 'Chinelo de Dedo Borracha', 'Sandálias e Chinelos', 'Brisa Praia', 'PAR', '64022000', 24.9, 19.9, 8.9, ['33/34', '35/36', '37/38', '39/40', '41/42', '43/44'], undefined, { atacarejo: 12 }],
  ['BOT-0001', 'Bota Coturno Couro', 'Botas', 'Couro Fino', 'PAR', '64039190', 289.9, 246.9, 121.0, CALCADO_U, ['Preto'], { garantia: 90 }],
  ['BON-0001', 'Boné Aba Curva Bordado', 'Bonés', 'Trilha Sul', 'UN', '65050090', 59.9, 49.9, 21.0, undefined, ['Preto', 'Azul Marinho', 'Bege']],
  ['CIN-0001', 'Cinto Couro Legítimo Fivela Prata', 'Cintos', 'Couro Fino', 'UN', '42033000', 89.9, 76.9, 34.0, ['90', '100', '110', '120'], ['Preto', 'Marrom']],
  ['BOL-0001', 'Bolsa Tiracolo Couro', 'Bolsas e Carteiras', 'Couro Fino', 'UN', '42022100', 229.9, 195.9, 95.0, undefined, ['Caramelo', 'Preto']],
  ['CAR-0001', 'Carteira Masculina Couro', 'Bolsas e Carteiras', 'Couro Fino', 'UN', '42023100', 79.9, 67.9, 30.0],
];

export const DEMO_CATALOG: CatalogSeed = {
  gtinPrefix: '7891234',
  units: [['UN', 'Unidade', 0], ['PC', 'Peça', 0], ['PAR', 'Par', 0], ['KG', 'Quilograma', 3], ['CX', 'Caixa', 0]],
  categories: [
    ['Vestuário', null], ['Camisetas', 'Vestuário'], ['Camisas', 'Vestuário'], ['Calças', 'Vestuário'],
    ['Bermudas e Shorts', 'Vestuário'], ['Vestidos e Saias', 'Vestuário'], ['Blusas', 'Vestuário'], ['Agasalhos', 'Vestuário'],
    ['Moda Íntima', 'Vestuário'], ['Meias', 'Vestuário'],
    ['Calçados', null], ['Tênis', 'Calçados'], ['Sapatos', 'Calçados'], ['Sandálias e Chinelos', 'Calçados'], ['Botas', 'Calçados'],
    ['Acessórios', null], ['Bonés', 'Acessórios'], ['Cintos', 'Acessórios'], ['Bolsas e Carteiras', 'Acessórios'],
  ],
  brands: ['Algodão Nobre', 'Urbano Jeans', 'Brisa Praia', 'Demo Basics', 'Trilha Sul', 'Passo Firme', 'Couro Fino'],
  products: PRODUCTS.map(([sku, descricao, categoria, marca, unidade, ncm, venda, atacado, custo, tamanhos, cores, extra]) => ({
    sku, descricao, categoria, marca, unidade, ncm, venda, atacado, custo,
    ...(tamanhos ? { tamanhos } : {}), ...(cores ? { cores } : {}), ...extra,
  })),
  addresses: [['LOJA', 'Loja'], ['DEP', 'Depósito']],
  priceTables: [
    { descricao: 'Tabela Padrão', tipo_aplicado: 'Desconto', valor_varejo: 0, valor_atacado: 0 },
    // Resellers: 10% off retail, 5% off wholesale; footwear has thinner margins (5% and 3%).
    { descricao: 'Revenda', tipo_aplicado: 'Desconto', valor_varejo: 10, valor_atacado: 5,
      categorias: [['Tênis', 5, 3], ['Sapatos', 5, 3], ['Sandálias e Chinelos', 5, 3], ['Botas', 5, 3]] },
  ],
  inventories: [
    { filial: '1', descricao: 'Contagem da vitrine - Loja Centro', itens: 12, usuario: 'gerente' },
    { filial: '2', descricao: 'Contagem de calçados - Loja Shopping', itens: 8, usuario: 'filial2' },
  ],
};

const SP = (endereco: string, numero: string, bairro: string, cep: string, complemento?: string): AddressSeed => ({
  endereco, numero, bairro, cep, cidade: 'São Paulo', uf: 'SP', id_cidade: 3550308, ...(complemento ? { complemento } : {}),
});

const person = (nome: string, documento: string, email: string, celular: string, endereco: AddressSeed, extra: Partial<PersonSeed> = {}): PersonSeed => ({
  nome, tipo: documento.length === 9 ? 'F' : 'J', documento, email, celular, endereco, ...extra,
});

export const DEMO_PEOPLE: PersonSeed[] = [
  { nome: 'Consumidor Final', tipo: 'F', consumidor_final: true },
  person('Juliana Alves Pereira', '284619375', 'juliana.pereira@exemplo.com.br', '11987452210', SP('Rua Augusta', '1508', 'Consolação', '01304001', 'Apto 52'),
    { saldo: 50, valor_devedor_maximo: 800, bloquear_venda_saldo_vencido: true }),
  person('Rafael Costa Santos', '391745826', 'rafael.santos@exemplo.com.br', '11991238845', SP('Avenida Paulista', '1842', 'Bela Vista', '01310200', 'Conj. 81'), { saldo: 0 }),
  person('Fernanda Oliveira Lima', '452318967', 'fernanda.lima@exemplo.com.br', '11976541122', SP('Rua Oscar Freire', '725', 'Jardim Paulista', '01426001'),
    { saldo: 120, valor_devedor_maximo: 1500 }),
  person('Lucas Martins Ribeiro', '517862394', 'lucas.ribeiro@exemplo.com.br', '11984307761', SP('Rua da Mooca', '2211', 'Mooca', '03104002'), { saldo: 35.5 }),
  person('Camila Rodrigues Souza', '638491275', 'camila.souza@exemplo.com.br', '11995620034', SP('Rua Tuiuti', '1340', 'Tatuapé', '03081000', 'Casa 2')),
  person('Bruno Henrique Almeida', '743962158', 'bruno.almeida@exemplo.com.br', '11972218890', SP('Avenida Santo Amaro', '3120', 'Brooklin', '04556100')),
  person('Patrícia Gomes Carvalho', '859317426', 'patricia.carvalho@exemplo.com.br', '11988814473', SP('Rua Voluntários da Pátria', '1890', 'Santana', '02010000'),
    { valor_devedor_maximo: 600, bloquear_venda_saldo_vencido: true }),
  person('Thiago Fernandes Rocha', '962485713', 'thiago.rocha@exemplo.com.br', '11993347720', SP('Rua Teodoro Sampaio', '912', 'Pinheiros', '05406050', 'Apto 104')),
  person('Aline Barbosa Mendes', '174529638', 'aline.mendes@exemplo.com.br', '11981126654', SP('Avenida Jabaquara', '1055', 'Saúde', '04046100')),
  person('Gustavo Pereira Dias', '236874159', 'gustavo.dias@exemplo.com.br', '11970045589', SP('Rua Vergueiro', '2045', 'Vila Mariana', '04101000'), { saldo: 0 }),
  person('Mariana Castro Nunes', '348162597', 'mariana.nunes@exemplo.com.br', '11996673301', SP('Rua Domingos de Morais', '1480', 'Vila Mariana', '04010100')),
  person('Diego Araújo Teixeira', '415937862', 'diego.teixeira@exemplo.com.br', '11982290017', SP('Avenida Celso Garcia', '3322', 'Tatuapé', '03064000')),
  person('Larissa Moreira Freitas', '527649381', 'larissa.freitas@exemplo.com.br', '11975508832', SP('Rua Cardeal Arcoverde', '815', 'Pinheiros', '05407001'), { saldo: 18.9 }),
  person('Boutique Bela Vista Moda Ltda', '451238970001', 'compras@boutiquebelavista.exemplo.com.br', '11932145870',
    SP('Rua Treze de Maio', '580', 'Bela Vista', '01327000'), { tabela: 'Revenda', valor_devedor_maximo: 5000, saldo: 0 }),
  person('Confecções Brás Comércio Ltda', '328746150001', 'financeiro@confeccoesbras.exemplo.com.br', '11933284410',
    SP('Rua Oriente', '655', 'Brás', '03016000'), { tabela: 'Revenda', valor_devedor_maximo: 8000 }),
  person('Escola Criança Feliz Ltda', '193847560001', 'secretaria@criancafeliz.exemplo.com.br', '11938761200', SP('Rua Apinajés', '1100', 'Perdizes', '05017000')),
];

const CARD = (n: number, start: number, step: number) => Array.from({ length: n }, (_, i) => Math.round((start + i * step) * 100) / 100);

export const DEMO_SETTINGS: SettingsSeed = {
  people: DEMO_PEOPLE,
  operators: [
    { nome: 'Cielo', rede: 'Cielo', taxa: 1.99, dias_credito: 30, documento: '610274580001', taxas: CARD(6, 2.49, 0.5) },
    { nome: 'Stone', rede: 'Stone', taxa: 1.79, dias_credito: 30, documento: '610274580002', taxas: CARD(6, 2.39, 0.45) },
    { nome: 'Rede', rede: 'Rede', taxa: 1.89, dias_credito: 30, documento: '610274580003', taxas: CARD(6, 2.45, 0.48) },
  ],
  carriers: [
    { nome: 'Expresso Paulista Transportes Ltda', documento: '583920170001', email: 'coleta@expressopaulista.exemplo.com.br', telefone: '1133204455' },
  ],
  accounts: [
    { descricao: 'Caixa da loja' },
    { descricao: 'Itaú movimento', id_banco: 341, agencia: '2545', numero: '02366', digito_conta: '1', chave_pix: 'financeiro@demomoda.exemplo.com.br' },
    { descricao: 'Banco do Brasil cobrança', id_banco: 1, agencia: '0001', digito_agencia: '9', numero: '12345678', digito_conta: '9' },
    { descricao: 'Sicoob cobrança', id_banco: 756, agencia: '4327', digito_agencia: '3', numero: '3666', digito_conta: '8' },
  ],
  // A CNAB 240 configuration to try (Sicoob: código do cliente 229385, modalidade 01); Itaú's is the user's to create.
  boletoConfigs: [{ descricao: 'Sicoob CNAB 240', conta: 'Sicoob cobrança', cnab: '240', codigo_cedente: '229385', modalidade: '01', valor_multa: 2, valor_juro: 1 }],
  plans: [
    ['Cartão de crédito 1x a 6x', 0, [[30, 0], [60, 0], [90, 0], [120, 2.99], [150, 3.99], [180, 4.99]]],
    ['Crediário loja 1x a 6x', 50, [[30, 0], [60, 0], [90, 1.99], [120, 2.99], [150, 3.99], [180, 4.99]]],
  ],
  methods: [
    { descricao: 'Dinheiro', codigo: '01', tecla: 'F2' },
    { descricao: 'Cartão de Crédito', codigo: '03', tecla: 'F3', parcelamento: 'Cartão de crédito 1x a 6x', operadora: 'Cielo' },
    { descricao: 'Cartão de Débito', codigo: '04', tecla: 'F4', operadora: 'Cielo' },
    { descricao: 'PIX', codigo: '17', tecla: 'F5' },
    { descricao: 'Boleto', codigo: '15', tecla: 'F6', emitir_boleto_apos_nota: true },
    { descricao: 'Crediário', codigo: '05', tecla: 'F7', parcelamento: 'Crediário loja 1x a 6x', obrigar_parcelamento: true },
    { descricao: 'Vale Crédito', codigo: '12', tecla: 'F8' },
    // The customer's store credit (returns): spent under the credit account's row lock (order/credit.ts).
    { descricao: 'Crédito em Loja', codigo: '21', tecla: 'F9' },
    // The customer's cashback (Programa de Fidelidade, tPag 19): redeemed under the customer's cashback row lock (modules/cashback).
    { descricao: 'Cashback', codigo: '19' },
  ],
  scenarios: [
    { descricao: 'Venda de mercadoria - Simples Nacional', regime_tributario: 1, operacao: 1, tipo: 'Venda', is_padrao: true,
      cfop_interno: '5102', cfop_externo: '6102', icms_csosn: '102', pis_cst: '49', cofins_cst: '49' },
    { descricao: 'Devolução de venda - Simples Nacional', regime_tributario: 1, operacao: 0, tipo: 'Devolucao', is_padrao: true,
      cfop_interno: '1202', cfop_externo: '2202', icms_csosn: '900', pis_cst: '98', cofins_cst: '98', movimentar_financeiro: false },
    { descricao: 'Remessa em consignação - Simples Nacional', regime_tributario: 1, operacao: 1, tipo: 'Consignacao', is_padrao: true,
      cfop_interno: '5917', cfop_externo: '6917', icms_csosn: '400', pis_cst: '49', cofins_cst: '49', movimentar_financeiro: false },
  ],
  series: [['65', 1], ['55', 1]],
  config: {
    '1': { is_pdv_offline: true, controla_estoque_negativo: true, id_csc: '000001', csc: 'DEMOMODA0LOJA0CENTRO0CSC0HOMOLOG01',
      solicitar_vendedor_venda_pdv: true, impressao_comprovante_troca: true, wpp_numero: '11932145500' },
    '2': { is_pdv_offline: true, controla_estoque_negativo: false, id_csc: '000001', csc: 'DEMOMODA0LOJA0SHOPPING0CSC0HOMOL02',
      solicitar_vendedor_venda_pdv: true, obrigar_vendedor_venda_pdv: true, is_liberar_pedido: true },
  },
  promotions: [
    ['Liquida Verão', -7, 23, false],
    ['Semana do Calçado', 30, 37, false],
    ['Cashback de Aniversário', -30, 335, true],
  ],
  notifications: [
    { titulo: 'Bem-vindo ao Demo Moda', mensagem: 'Sua loja de demonstração está pronta: produtos, clientes e estoque já cadastrados.' },
    { titulo: 'Inventário em andamento', mensagem: 'A contagem da vitrine da Loja Centro foi iniciada hoje.', filial: '1', tipo: 'Aviso' },
    { titulo: 'Inventário em andamento', mensagem: 'A contagem de calçados da Loja Shopping foi iniciada hoje.', filial: '2', tipo: 'Aviso' },
    { titulo: 'Metas do mês', mensagem: 'Confira o painel de vendas por vendedor.', usuario: 'gerente' },
  ],
};
