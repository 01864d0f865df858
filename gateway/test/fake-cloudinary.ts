import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { cloudinarySignature } from '../src/uploads/cloudinary';
import { sniffImage } from '../src/uploads/sniff';

/*
 * A stand-in for Cloudinary in the gateway's tests, following its documented contract
 * (https://cloudinary.com/documentation/image_upload_api_reference, /upload_presets,
 * /admin_api#upload_presets):
 * - Upload API `POST /v1_1/{cloud}/image/upload`, multipart: `api_key`, `timestamp` (an hour at
 *   most old), `signature` = SHA-1 of the sorted parameters (without file, api_key, resource_type,
 *   cloud_name) and the secret. `upload_preset` names a preset that must exist ("Upload preset
 *   not found"); its settings apply and the call's own parameters take precedence (signed
 *   uploads); its `allowed_formats` refuse other formats and its incoming `transformation`
 *   (`c_limit,w_,h_`) scales the stored copy down, never up. The answer carries public_id
 *   (folder/name), secure_url, format, bytes, width and height.
 * - Admin API (Basic auth with the key and secret): `POST /v1_1/{cloud}/upload_presets` creates
 *   one, `PUT …/upload_presets/{name}` updates one (404 when it does not exist), `GET` reads one.
 * Tests only: nothing in the store starts it.
 */

export interface FakePreset {
  name: string;
  unsigned: boolean;
  settings: Record<string, string>;
}

export interface FakeUpload {
  fields: Record<string, string>;
  fileBytes: number;
  /** What the fake stored, after the preset. */
  result: Record<string, unknown>;
}

export interface FakeCloudinary {
  url: string;
  presets: Map<string, FakePreset>;
  uploads: FakeUpload[];
  close(): Promise<void>;
}

/** A PNG's own size, from its IHDR chunk (the fake reads no other format's). */
function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (sniffImage(bytes) !== 'png' || bytes.length < 24) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** `c_limit,w_W,h_H`: within W×H, proportions kept, never enlarged. */
function limited(size: { width: number; height: number }, transformation: string | undefined) {
  const m = /(?:^|,)c_limit(?:,|$)/.test(transformation ?? '')
    ? {
        w: Number(/w_(\d+)/.exec(transformation ?? '')?.[1]),
        h: Number(/h_(\d+)/.exec(transformation ?? '')?.[1]),
      }
    : null;
  if (!m?.w || !m.h) return size;
  const scale = Math.min(1, m.w / size.width, m.h / size.height);
  return { width: Math.round(size.width * scale), height: Math.round(size.height * scale) };
}

async function formOf(req: IncomingMessage): Promise<FormData> {
  const request = new Request('http://fake.invalid/', {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body: req as unknown as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  return request.formData();
}

export async function startFakeCloudinary(account: {
  cloudName: string;
  apiKey: string;
  apiSecret: string;
}): Promise<FakeCloudinary> {
  const presets = new Map<string, FakePreset>();
  const uploads: FakeUpload[] = [];
  const basic = `Basic ${Buffer.from(`${account.apiKey}:${account.apiSecret}`).toString('base64')}`;

  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    const error = (status: number, message: string) => send(status, { error: { message } });
    const path = new URL(req.url ?? '/', 'http://fake.invalid').pathname;
    const prefix = `/v1_1/${account.cloudName}`;
    if (!path.startsWith(`${prefix}/`)) return error(404, 'Resource not found');
    const rest = path.slice(prefix.length);

    if (rest === '/image/upload' && req.method === 'POST') {
      const form = await formOf(req);
      const fields: Record<string, string> = {};
      let file: Uint8Array | null = null;
      for (const [k, v] of form.entries()) {
        if (typeof v === 'string') fields[k] = v;
        else file = new Uint8Array(await v.arrayBuffer());
      }
      const { signature, api_key, ...signed } = fields;
      if (api_key !== account.apiKey) return error(401, 'Unknown API key');
      if (signature !== cloudinarySignature(signed, account.apiSecret))
        return error(401, 'Invalid Signature');
      if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 3600) {
        return error(400, `Stale request - reported time is ${fields.timestamp}`);
      }
      if (!file) return error(400, 'Missing required parameter - file');
      let settings: Record<string, string> = {};
      if (fields.upload_preset) {
        const preset = presets.get(fields.upload_preset);
        if (!preset) return error(400, 'Upload preset not found');
        settings = preset.settings;
      }
      // A signed call's own parameters take precedence over its preset's.
      const effective = { ...settings, ...signed };
      const format = sniffImage(file);
      if (!format) return error(400, 'Invalid image file');
      const allowed = effective.allowed_formats?.split(',').filter(Boolean);
      if (allowed && !allowed.includes(format)) return error(400, `Image file format ${format} not allowed`);
      const size = limited(pngSize(file) ?? { width: 1, height: 1 }, effective.transformation);
      const name = effective.public_id ?? randomUUID().replaceAll('-', '').slice(0, 20);
      const publicId = effective.folder ? `${effective.folder}/${name}` : name;
      const version = Math.floor(Date.now() / 1000);
      const result = {
        public_id: publicId,
        version,
        width: size.width,
        height: size.height,
        format,
        resource_type: 'image',
        bytes: file.length,
        tags: effective.tags ? effective.tags.split(',') : [],
        secure_url: `https://res.cloudinary.com/${account.cloudName}/image/upload/v${version}/${publicId}.${format}`,
      };
      uploads.push({ fields, fileBytes: file.length, result });
      return send(200, result);
    }

    const presetPath = /^\/upload_presets(?:\/([A-Za-z0-9_-]+))?$/.exec(rest);
    if (presetPath) {
      if (req.headers.authorization !== basic) return error(401, 'Invalid credentials');
      const named = presetPath[1];
      if (req.method === 'GET' && named) {
        const preset = presets.get(named);
        return preset ? send(200, preset) : error(404, `Can't find upload preset named ${named}`);
      }
      if ((req.method === 'POST' && !named) || (req.method === 'PUT' && named)) {
        const form = await formOf(req);
        const {
          name = named ?? '',
          unsigned = 'false',
          ...settings
        } = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
        if (req.method === 'PUT' && !presets.has(name)) {
          return error(404, `Can't find upload preset named ${name}`);
        }
        if (!name) return error(400, 'Missing required parameter - name');
        presets.set(name, { name, unsigned: unsigned === 'true', settings });
        return send(200, { message: req.method === 'POST' ? 'created' : 'updated', name });
      }
    }
    return error(404, 'Resource not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    presets,
    uploads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
