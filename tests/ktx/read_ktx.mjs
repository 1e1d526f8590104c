// Reads a .ktx2 written by `vknoise render` with ktx-parse (an independent KTX 2.0 reader) and
// checks it against the same field written as a float32 .npy by the same command line:
//
//   node read_ktx.mjs FILE.ktx2 FIELD.npy --size WxHxD --channels N --format NAME
//                     --shape 2d|array|3d [--mips] [--zstd]
//
// Checked: the header (vkFormat, typeSize, sizes, layers, faces, levels, supercompression), the
// level index as stored (smallest level last in the index and first in the file, alignment), the
// Data Format Descriptor (model, primaries, transfer, samples), KTXorientation and KTXwriter, and
// every level's bytes: level 0 the field converted to the format, each mip the wrapping 2x box
// filter computed here, in float32 as the writer documents, then converted. Zstandard levels are
// inflated by the zstd program. Exits 0 when everything matches, 1 with the first mismatches.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { read } from "ktx-parse";

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
};
const [ktxPath, npyPath] = args;
const [width, height, depth] = option("--size").split("x").map(Number);
const channels = Number(option("--channels"));
const formatName = option("--format");
const shape = option("--shape");
const mips = args.includes("--mips");
const zstd = args.includes("--zstd");

const formats = {
  r8: [9, 1, 1, false], "r8-srgb": [15, 1, 1, true],
  rg8: [16, 2, 1, false], "rg8-srgb": [22, 2, 1, true],
  rgba8: [37, 4, 1, false], "rgba8-srgb": [43, 4, 1, true],
  r16f: [76, 1, 2, false], rg16f: [83, 2, 2, false], rgba16f: [97, 4, 2, false],
  r32f: [100, 1, 4, false], rg32f: [103, 2, 4, false], rgba32f: [109, 4, 4, false],
};
const [vkFormat, formatChannels, channelBytes, srgb] = formats[formatName];

let failures = 0;
const fail = (message) => {
  if (++failures <= 20) console.error("FAIL: " + message);
};
const expectEqual = (what, got, want) => {
  if (got !== want) fail(`${what}: got ${got}, expected ${want}`);
};

// --- the expected field, from the .npy (float32 little-endian, C order).
const npy = readFileSync(npyPath);
const headerLength = npy.readUInt16LE(8);
const header = npy.subarray(10, 10 + headerLength).toString("latin1");
if (!header.includes("'<f4'")) throw new Error("the .npy is not little-endian float32");
const data = npy.subarray(10 + headerLength);
const field = new Float32Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.length));
expectEqual("the .npy's value count", field.length, width * height * depth * channels);

// --- the file through ktx-parse.
const bytes = readFileSync(ktxPath);
const ktx = read(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
const volume = shape === "3d";
const levelCount = mips ? Math.floor(Math.log2(Math.max(width, height, volume ? depth : 1))) + 1 : 1;
expectEqual("vkFormat", ktx.vkFormat, vkFormat);
expectEqual("typeSize", ktx.typeSize, channelBytes);
expectEqual("pixelWidth", ktx.pixelWidth, width);
expectEqual("pixelHeight", ktx.pixelHeight, height);
expectEqual("pixelDepth", ktx.pixelDepth, volume ? depth : 0);
expectEqual("layerCount", ktx.layerCount, shape === "array" ? depth : 0);
expectEqual("faceCount", ktx.faceCount, 1);
expectEqual("levelCount", ktx.levelCount, levelCount);
expectEqual("levels", ktx.levels.length, levelCount);
expectEqual("supercompressionScheme", ktx.supercompressionScheme, zstd ? 2 : 0);

// The descriptor.
expectEqual("descriptor blocks", ktx.dataFormatDescriptor.length, 1);
const dfd = ktx.dataFormatDescriptor[0];
expectEqual("vendorId", dfd.vendorId, 0);
expectEqual("descriptorType", dfd.descriptorType, 0);
expectEqual("versionNumber", dfd.versionNumber, 2);
expectEqual("colorModel (RGBSDA)", dfd.colorModel, 1);
expectEqual("colorPrimaries (BT709)", dfd.colorPrimaries, 1);
expectEqual("transferFunction", dfd.transferFunction, srgb ? 2 : 1);
expectEqual("flags", dfd.flags, 0);
expectEqual("texelBlockDimension", dfd.texelBlockDimension.join(), "0,0,0,0");
expectEqual("bytesPlane0", dfd.bytesPlane[0], formatChannels * channelBytes);
expectEqual("samples", dfd.samples.length, formatChannels);
const isFloat = channelBytes > 1;
dfd.samples.forEach((sample, c) => {
  const id = c === 3 ? 15 : c;
  const qualifiers = (isFloat ? 0x80 | 0x40 : 0) | (srgb && c === 3 ? 0x10 : 0);
  expectEqual(`sample ${c} bitOffset`, sample.bitOffset, c * channelBytes * 8);
  expectEqual(`sample ${c} bitLength`, sample.bitLength, channelBytes * 8 - 1);
  expectEqual(`sample ${c} channelType`, sample.channelType, id | qualifiers);
  expectEqual(`sample ${c} sampleLower`, sample.sampleLower >>> 0, isFloat ? 0xbf800000 : 0);
  expectEqual(`sample ${c} sampleUpper`, sample.sampleUpper >>> 0, isFloat ? 0x3f800000 : 255);
});

// Key/value data, in the file's order (sorted by key).
expectEqual("keys", Object.keys(ktx.keyValue).join(), "KTXorientation,KTXwriter");
expectEqual("KTXorientation", ktx.keyValue.KTXorientation, volume ? "rdi" : "rd");
if (!/^vknoise \d+\.\d+\.\d+$/.test(ktx.keyValue.KTXwriter)) {
  fail(`KTXwriter: ${JSON.stringify(ktx.keyValue.KTXwriter)}`);
}

// The level index as stored: levels smallest first in the file, aligned unless supercompressed.
const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
const texelBytes = formatChannels * channelBytes;
const gcd = (x, y) => (y === 0 ? x : gcd(y, x % y));
const alignment = zstd ? 1 : (texelBytes * 4) / gcd(texelBytes, 4);  // lcm(texel size, 4)
let previous = bytes.length;
for (let l = 0; l < levelCount; ++l) {
  const offset = Number(view.getBigUint64(80 + 24 * l, true));
  const length = Number(view.getBigUint64(88 + 24 * l, true));
  if (offset % alignment !== 0) fail(`level ${l} at ${offset}, not a multiple of ${alignment}`);
  if (offset + length > previous) fail(`level ${l} is not stored before level ${l - 1}`);
  if (previous - (offset + length) >= alignment) fail(`more than mipPadding after level ${l}`);
  previous = offset;
}

// --- the expected levels.
const f = Math.fround;
function halve(from, a, b) {
  const to = new Float32Array(b.w * b.h * b.d * channels);
  const nx = a.w > 1 ? 2 : 1, ny = a.h > 1 ? 2 : 1, nz = volume && a.d > 1 ? 2 : 1;
  const scale = f(1 / (nx * ny * nz));
  for (let z = 0; z < b.d; ++z)
    for (let y = 0; y < b.h; ++y)
      for (let x = 0; x < b.w; ++x)
        for (let c = 0; c < channels; ++c) {
          let sum = 0;
          for (let dz = 0; dz < nz; ++dz) {
            const sz = volume ? (nz * z + dz) % a.d : z;  // an array's layers never mix
            for (let dy = 0; dy < ny; ++dy)
              for (let dx = 0; dx < nx; ++dx) {
                const sx = (nx * x + dx) % a.w, sy = (ny * y + dy) % a.h;
                sum = f(sum + from[((sz * a.h + sy) * a.w + sx) * channels + c]);
              }
          }
          to[((z * b.h + y) * b.w + x) * channels + c] = f(sum * scale);
        }
  return to;
}

// IEEE half of a float32, to nearest, ties to even: the value counted in steps of the half's ulp
// at its exponent, in double arithmetic (exact for a float32 times a power of two).
function half(v) {
  if (Number.isNaN(v)) return null;  // any NaN
  const sign = v < 0 || Object.is(v, -0) ? 0x8000 : 0;
  const a = Math.abs(v);
  if (a === Infinity) return sign | 0x7c00;
  let e = -14;
  while (e < 15 && a >= 2 ** (e + 1)) ++e;
  const steps = a / 2 ** (e - 10);  // exact
  let n = Math.floor(steps);
  const rest = steps - n;
  if (rest > 0.5 || (rest === 0.5 && n % 2 === 1)) ++n;
  // Below 2^-14 the steps are subnormal units (1024 of them reach the smallest normal).
  const bits = a < 2 ** -14 ? n : ((e + 15) << 10) + (n - 1024);
  return sign | Math.min(bits, 0x7c00);
}

function byte8(v, encode) {
  if (!(v > 0)) return [0, false];
  if (v >= 1) return [255, false];
  let e = v;
  if (encode) e = v <= 0.0031308 ? 12.92 * v : 1.055 * Math.pow(v, 1 / 2.4) - 0.055;
  const scaled = Math.min(Math.max(e, 0), 1) * 255;
  // pow may differ from the C library's in its last bit: only a tie may then round differently.
  return [Math.round(scaled), encode && Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-9];
}

function inflate(levelData) {
  return new Uint8Array(execFileSync("zstd", ["-d", "-c", "-q"], { input: levelData }));
}

let texels = field;
let a = { w: width, h: height, d: depth };
for (let l = 0; l < levelCount; ++l) {
  if (l > 0) {
    const shrink = (s) => Math.max(1, s >> 1);
    const b = { w: shrink(a.w), h: shrink(a.h), d: volume ? shrink(a.d) : a.d };
    texels = halve(texels, a, b);
    a = b;
  }
  const count = a.w * a.h * a.d;
  const level = ktx.levels[l];
  const stored = zstd ? inflate(level.levelData) : level.levelData;
  expectEqual(`level ${l} uncompressedByteLength`, level.uncompressedByteLength, count * texelBytes);
  expectEqual(`level ${l} bytes`, stored.length, count * texelBytes);
  if (stored.length !== count * texelBytes) continue;
  const got = new DataView(stored.buffer, stored.byteOffset, stored.length);
  for (let t = 0; t < count; ++t) {
    for (let c = 0; c < formatChannels; ++c) {
      const v = c < channels ? texels[t * channels + c] : 1.0;
      const at = (t * formatChannels + c) * channelBytes;
      const where = `level ${l} texel ${t} channel ${c} (${v})`;
      if (channelBytes === 4) {
        const want = new Uint32Array(new Float32Array([v]).buffer)[0];
        expectEqual(where, got.getUint32(at, true), want);
      } else if (channelBytes === 2) {
        const bits = got.getUint16(at, true);
        const want = half(v);
        if (want === null) {
          if ((bits & 0x7c00) !== 0x7c00 || (bits & 0x3ff) === 0) fail(`${where}: ${bits} is no NaN`);
        } else {
          expectEqual(where, bits, want);
        }
      } else {
        const [want, tie] = byte8(v, srgb && c !== 3);
        const bits = got.getUint8(at);
        if (bits !== want && !(tie && Math.abs(bits - want) === 1)) expectEqual(where, bits, want);
      }
    }
  }
}

if (failures > 0) {
  console.error(`${failures} mismatches in ${ktxPath}`);
  process.exit(1);
}
console.log(`ok: ${ktxPath} (${formatName}, ${shape}, ${levelCount} levels${zstd ? ", zstd" : ""})`);
