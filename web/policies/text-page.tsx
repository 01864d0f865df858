import type { ReactNode } from 'react';

export interface TextSection {
  title: string;
  body: string;
}

/** The shape of the About and policy pages: a title, a lead paragraph and titled sections. */
export function TextPage({
  title,
  intro,
  note,
  sections,
  children,
}: {
  title: string;
  intro: string;
  note?: string;
  sections: TextSection[];
  children?: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-coffee-900 sm:text-3xl">{title}</h1>
      {note && <p className="mt-1 text-sm text-coffee-600">{note}</p>}
      <p className="mt-4 whitespace-pre-line text-lg leading-relaxed text-coffee-800">{intro}</p>
      {sections.map((s) => (
        <section key={s.title} className="mt-8">
          <h2 className="text-xl font-semibold text-coffee-900">{s.title}</h2>
          <p className="mt-2 whitespace-pre-line leading-relaxed text-coffee-800">{s.body}</p>
        </section>
      ))}
      {children}
    </article>
  );
}
