import { describe, expect, it } from 'vitest';
import { BRANCH_CONFIG_GROUPS, branchConfig } from './branch-config.ts';
import { registerSchemas, rowColumns } from './descriptor.ts';
import { actionsOf } from './routes.ts';

/** 002 §3 "Branch configuration (filial_configuracao)", group by group ("label type" is tipo_etiqueta). */
const SPEC: Record<(typeof BRANCH_CONFIG_GROUPS)[number], string[]> = {
  // nfce_offline_conector: ours (issue 29), the NFC-e issued offline by the till's connector.
  'Estoque e fiscal': ['id_endereco_estoque_venda', 'codigo_regime_tributario', 'ambiente_emissao', 'id_csc', 'csc', 'nfce_offline_conector',
    'codigo_modelo_padrao_nota_fiscal', 'codigo_modelo_padrao_venda', 'codigo_modelo_padrao_pedido', 'codigo_modelo_padrao_consignacao',
    'ultimo_nsu_nfe_destinada', 'sat_assinatura_ac', 'id_perfil_sped', 'tipo_atividade_sped'],
  Caixa: ['forcar_controle_caixa', 'forcar_controle_diario_caixa', 'valor_limite_diferenca_caixa', 'id_meio_pagamento_conta_concialiacao', 'descontar_taxa_cartao_credito'],
  Venda: ['modo_finalizacao', 'tipo_preco_padrao', 'tipo_preco_alterar', 'tipo_carne', 'segunda_via', 'controla_estoque_negativo',
    'confissao_divida', 'is_liberar_pedido'],
  'Pesáveis e etiquetas': ['tamanho_codigo_produto_pesavel', 'identificador_produto_pesavel', 'tipo_informacao_balanca', 'proporcao_imagem',
    'tipo_etiqueta'],
  'Ponto de venda': ['abrir_edicao_inserir_item_pdv', 'solicitar_vendedor_venda_pdv', 'obrigar_vendedor_venda_pdv', 'solicitar_cliente_venda_pdv',
    'obrigar_cliente_venda_pdv', 'informacao_cliente_venda_pdv', 'is_pdv_offline', 'pdv_token'],
  Envio: ['enviar_email_boleto', 'enviar_email_pedido', 'enviar_email_nfce', 'enviar_email_nfe', 'imprimir_segunda_via_contingencia',
    'imprimir_duas_vias_tef'],
  Troca: ['impressao_comprovante_troca', 'impressao_comprovante_troca_por_produto', 'dias_tolerancia_troca', 'id_produto_grade_filial_vale_credito'],
  Mensagens: ['wpp_numero', 'wpp_boolean_enviar_cliente', 'wpp_mensagem_cliente', 'wpp_boolean_enviar_nf', 'wpp_mensagem_nf',
    'wpp_boolean_enviar_pedido', 'wpp_mensagem_pedido', 'wpp_boolean_enviar_aniversario', 'wpp_mensagem_aniversario',
    'wpp_boolean_enviar_cesta_compras', 'wpp_mensagem_cesta_compras'],
  'Cashback, cobrança e fuso': ['valor_resgate_cashback', 'dias_bloqueio_cashback', 'percentual_multa', 'dias_para_multa', 'percentual_juros',
    'fuso_horario'],
};

describe('the branch configuration descriptor', () => {
  it('has every field of 002 §3, each in the group the spec puts it in, and nothing else', () => {
    const fields = Object.entries(branchConfig.fields as Record<string, { group?: string }>);
    expect(fields.map(([name]) => name).sort()).toEqual(Object.values(SPEC).flat().sort());
    for (const [name, field] of fields) {
      expect(SPEC[field.group as keyof typeof SPEC], `${name} is in ${field.group}`).toContain(name);
    }
    expect(branchConfig.groups).toEqual(Object.keys(SPEC));
  });

  it('defaults of 002 §9', () => {
    const f = branchConfig.fields;
    expect([f.fuso_horario.default, f.tamanho_codigo_produto_pesavel.default, f.identificador_produto_pesavel.default,
      f.codigo_regime_tributario.default, f.ambiente_emissao.default, f.tipo_preco_padrao.default, f.modo_finalizacao.default,
      f.proporcao_imagem.default, f.imprimir_segunda_via_contingencia.default]).toEqual([-3, 4, '2', 1, 2, 'Varejo', 'Modal', '1/1', true]);
  });

  it('is edited only: find, find_by_id and update', () => {
    expect(actionsOf(branchConfig)).toEqual(['Find', 'FindById', 'Update']);
  });

  it('keeps its secrets (csc, pdv_token, sat_assinatura_ac) out of every row it answers or syncs', () => {
    const secrets = Object.entries(branchConfig.fields as Record<string, { secret?: boolean }>).filter(([, f]) => f.secret).map(([n]) => n);
    expect(secrets.sort()).toEqual(['csc', 'pdv_token', 'sat_assinatura_ac']);
    for (const secret of secrets) expect(rowColumns(branchConfig)).not.toContain(secret);
  });

  it('refuses values out of an enumeration or range with the field\'s pt-BR message', () => {
    const update = registerSchemas(branchConfig).update;
    const issue = (body: Record<string, unknown>) => {
      const parsed = update.safeParse({ id_filial_configuracao: 1, ...body });
      return parsed.success ? null : parsed.error.issues[0]?.message;
    };
    expect(issue({ modo_finalizacao: 'Depois' })).toMatch(/^Modo de finalização .* deve ser 'Modal', 'Imprimir'\.$/);
    expect(issue({ tipo_preco_padrao: 'Custo' })).toBe("Tipo de preço padrão deve ser 'Varejo', 'Atacado'.");
    expect(issue({ dias_tolerancia_troca: 4000 })).toBe('Dias de tolerância para troca inválido.');
    expect(issue({ fuso_horario: 0 })).toBe('Fuso horário (horas em relação a UTC) inválido.');
    expect(issue({ percentual_multa: 101 })).toBe('Multa (%) inválido.');
    expect(issue({ csc: 'NOVOCSC', fuso_horario: -4 })).toBeNull();
  });
});
