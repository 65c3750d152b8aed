/** Type guards re-exported in one place (the library's index omits the null guard). */
export { isBasicExpression, isBoolean, isLiteral, isMapping, isNumber, isSequence, isString } from "@actions/workflow-parser";
import type { NullToken, TemplateToken } from "@actions/workflow-parser/templates/tokens/index";
import { TokenType } from "@actions/workflow-parser/templates/tokens/types";

export function isNull(token: TemplateToken): token is NullToken {
  return token.templateTokenType === TokenType.Null;
}
