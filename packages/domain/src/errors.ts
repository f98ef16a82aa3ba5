/**
 * Business errors of the domain (CONVENTIONS.md, Errors): values carrying the user-facing pt-BR message, thrown or
 * returned by the rules and mapped to a 400 once, at the edge.
 */

/** A business rule refused something; `message` is the text shown to the user (the spec's text where it has one). */
export class ValidationError extends Error {
  override readonly name = 'ValidationError';
  /** The field the message is about, when there is one (lets a screen focus it): 'cliente', 'vendedor', ... */
  readonly field: string | undefined;

  constructor(message: string, field?: string) {
    super(message);
    this.field = field;
  }
}

/** A state change the lifecycle does not allow (a programming error, not a user's). */
export class TransitionError extends Error {
  override readonly name = 'TransitionError';
  readonly from: string;
  readonly to: string;

  constructor(from: string, to: string) {
    super(`Transição de situação inválida: ${from} -> ${to}.`);
    this.from = from;
    this.to = to;
  }
}
