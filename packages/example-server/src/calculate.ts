/** Longest expression `calculate` accepts, so a model cannot make the parser work without bound. */
export const MAX_EXPRESSION_LENGTH = 500;

/**
 * Evaluates an arithmetic expression: numbers, + - * / % ^, parentheses and unary minus.
 * No identifiers, no function calls, no `eval`: a recursive-descent parser over a closed grammar.
 */
export function calculate(expression: string): number {
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    throw new Error(`expression is longer than ${MAX_EXPRESSION_LENGTH} characters`);
  }
  const tokens = expression.match(/\d+(?:\.\d+)?(?:e[+-]?\d+)?|[-+*/%^()]|\S/gi) ?? [];
  let position = 0;
  const peek = () => tokens[position];
  const take = () => tokens[position++];

  const primary = (): number => {
    const token = take();
    if (token === undefined) throw new Error("expression ends too early");
    if (token === "(") {
      const value = sum();
      if (take() !== ")") throw new Error('missing ")"');
      return value;
    }
    if (token === "-") return -power();
    if (token === "+") return power();
    if (/^\d/.test(token)) return Number(token);
    throw new Error(`unexpected "${token}": only numbers, + - * / % ^ and parentheses are accepted`);
  };
  const power = (): number => {
    const base = primary();
    if (peek() === "^") {
      take();
      return base ** power();
    }
    return base;
  };
  const product = (): number => {
    let value = power();
    for (let op = peek(); op === "*" || op === "/" || op === "%"; op = peek()) {
      take();
      const right = power();
      value = op === "*" ? value * right : op === "/" ? value / right : value % right;
    }
    return value;
  };
  const sum = (): number => {
    let value = product();
    for (let op = peek(); op === "+" || op === "-"; op = peek()) {
      take();
      const right = product();
      value = op === "+" ? value + right : value - right;
    }
    return value;
  };

  const result = sum();
  if (position < tokens.length) throw new Error(`unexpected "${tokens[position]}"`);
  if (!Number.isFinite(result)) throw new Error("the result is not a finite number (division by zero?)");
  return result;
}
