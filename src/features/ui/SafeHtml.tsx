/**
 * HTML from the server (conditions, agreements, offers' banners and
 * descriptions), sanitised with DOMPurify before it reaches the page: no
 * script, no event handlers, and none of what could pass for our own screens
 * (forms, inputs, inline styles). The server sanitises on write too; this is
 * the second wall.
 */
import DOMPurify from 'dompurify';
import type { ElementType } from 'react';

const CONFIG = {
  FORBID_TAGS: ['form', 'input', 'button', 'textarea', 'select', 'option', 'style', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style'],
};

function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, CONFIG);
}

export function SafeHtml({ html, as: Tag = 'div', className = 'rich-text' }: { html: string; as?: ElementType; className?: string }) {
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
