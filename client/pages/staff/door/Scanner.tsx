import { ActionIcon, Alert, Box, Button, Group, Text, Tooltip } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useRef, useState } from "react";
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };

/**
 * A QR detector: the browser's own BarcodeDetector where it has one, else the polyfill over
 * ZXing (WebAssembly served by us, cached with the app shell, so it also works offline).
 */
async function createDetector(): Promise<Detector> {
  type NativeDetector = { new (options: { formats: string[] }): Detector; getSupportedFormats: () => Promise<string[]> };
  const native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (native) {
    const formats: string[] = await native.getSupportedFormats().catch(() => []);
    if (formats.includes("qr_code")) return new native({ formats: ["qr_code"] });
  }
  const { BarcodeDetector, prepareZXingModule } = await import("barcode-detector/ponyfill");
  prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) } });
  return new BarcodeDetector({ formats: ["qr_code"] });
}

/** The same code read again within this time is one scan (a QR held in front of the camera). */
const REPEAT_MS = 2500;

/**
 * The rear camera reading QR codes (issue 18 item 2), with the torch where the phone has one.
 * Calls `onCode` once per code shown; stops the camera when switched off or left.
 */
export function Scanner({ onCode, paused }: { onCode: (code: string) => void; paused: boolean }) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const [active, setActive] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [torch, setTorch] = useState<{ on: boolean; track: MediaStreamTrack } | null>(null);
  const last = useRef<{ code: string; at: number } | null>(null);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  // The latest handler, read by the running loop: a new handler must not restart the camera.
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false });
        if (stopped) return stream.getTracks().forEach((tr) => tr.stop());
        const el = video.current!;
        el.srcObject = stream;
        await el.play();
        const track = stream.getVideoTracks()[0]!;
        const caps = (track.getCapabilities?.() ?? {}) as { torch?: boolean };
        if (caps.torch) setTorch({ on: false, track });
        const detector = await createDetector();
        while (!stopped) {
          if (el.readyState >= 2) {
            const found = await detector.detect(el).catch(() => []);
            const code = found[0]?.rawValue;
            const now = Date.now();
            if (pausedRef.current) {
              // A code still held up while the verdict shows is the same scan, not a second one.
              if (code && last.current?.code === code) last.current.at = now;
            } else if (code && !(last.current && last.current.code === code && now - last.current.at < REPEAT_MS)) {
              last.current = { code, at: now };
              onCodeRef.current(code);
            } else if (code && last.current) last.current.at = now;
          }
          await new Promise((r) => setTimeout(r, 120));
        }
      } catch (err) {
        setError(err instanceof DOMException && err.name === "NotAllowedError" ? t`The camera was not allowed. Allow it in the browser's site settings, or type the code.` : t`No camera could be started. Type the code or use a hand scanner.`);
        setActive(false);
      }
    })();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((tr) => tr.stop());
      setTorch(null);
    };
  }, [active, t]);

  const toggleTorch = useCallback(async () => {
    if (!torch) return;
    const on = !torch.on;
    await torch.track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] }).catch(() => undefined);
    setTorch({ ...torch, on });
  }, [torch]);

  return (
    <Box>
      {error && (
        <Alert color="yellow" mb="xs" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Box pos="relative" style={{ display: active ? "block" : "none", borderRadius: 8, overflow: "hidden", background: "#000" }}>
        <video ref={video} muted playsInline style={{ width: "100%", maxHeight: "45vh", objectFit: "cover", display: "block" }} aria-label={t`Camera`} />
        {torch && (
          <Tooltip label={torch.on ? t`Torch off` : t`Torch on`}>
            <ActionIcon pos="absolute" top={8} right={8} size="xl" variant={torch.on ? "filled" : "white"} onClick={() => void toggleTorch()} aria-pressed={torch.on} aria-label={t`Torch`}>
              <span aria-hidden>🔦</span>
            </ActionIcon>
          </Tooltip>
        )}
      </Box>
      <Group mt="xs">
        <Button variant={active ? "default" : "filled"} onClick={() => setActive((a) => !a)} data-testid="camera-toggle">
          {active ? <Trans>Stop camera</Trans> : <Trans>Scan with camera</Trans>}
        </Button>
        {active && (
          <Text size="sm" c="dimmed">
            <Trans>Hold the ticket's QR code in front of the camera.</Trans>
          </Text>
        )}
      </Group>
    </Box>
  );
}
