/**
 * A caller's or the operator's text as a problem's detail quotes it: its first 40 characters, then
 * how long it is. Quoted whole, a megabyte of name made every answer that names it a megabyte
 * (an agent-epochs name reaches every genuine agent token; a profile name is echoed beside it).
 */
export function shown(text: string): string {
  if (text.length <= 40) return text;
  // Never half a surrogate pair: the detail stays well-formed text.
  const high = text.charCodeAt(39) >= 0xd800 && text.charCodeAt(39) <= 0xdbff;
  return `${text.slice(0, high ? 39 : 40)}... (${text.length} characters)`;
}
