/** Text made safe inside HTML text and attribute values (e-mails, the development stand-ins). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
