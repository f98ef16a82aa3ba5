/**
 * The description of a product variation inside SQL: the one SQL form of packages/domain/src/variation.ts
 * (variationDescription), used by every query that copies or shows a variation's description. The default variation
 * (is_padrao, seeded as 'Geral') is hidden; a variation without a name adds nothing.
 *
 * `product` and `grade` are the aliases the query gives produto and produto_grade.
 */
export function variationDescriptionSql(product: string, grade: string): string {
  return `CASE WHEN ${grade}.is_padrao OR btrim(coalesce(${grade}.descricao, '')) = '' THEN ${product}.descricao
    ELSE ${product}.descricao || ' ' || btrim(${grade}.descricao) END`;
}
