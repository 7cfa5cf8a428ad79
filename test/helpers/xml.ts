/** XML read with a real parser (saxes reports every well-formedness error), as a small element tree. */
import { SaxesParser } from 'saxes';

export interface XmlElement {
  name: string;
  /** The namespace URI of the element. */
  uri: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** The document's root element; throws on any error of well-formedness or namespaces. */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on('error', (e) => {
    throw e;
  });
  parser.on('opentag', (tag) => {
    const attributes = Object.fromEntries(Object.values(tag.attributes).map((a) => [typeof a === 'string' ? a : a.name, typeof a === 'string' ? a : a.value]));
    const element: XmlElement = { name: tag.local ?? tag.name, uri: tag.uri ?? '', attributes, children: [], text: '' };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('text', (t) => {
    if (stack.length) stack.at(-1)!.text += t;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(xml).close();
  if (!root) throw new Error('no root element');
  return root;
}

export const childrenNamed = (e: XmlElement, name: string) => e.children.filter((c) => c.name === name);
export const childNamed = (e: XmlElement, name: string) => childrenNamed(e, name)[0];
