import { useCallback, useEffect, useId, useMemo, useRef, useState, type RefObject } from "react";
import { Badge, Banner, BlockStack, Box, Button, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import type { CaptionDto, VideoDto } from "~/rules/api-types";
import { fetchCaptions, removeCaptionLanguage, saveCaptionCues, uploadCaptionFile } from "~/browser/api-client";
import { CAPTION_LANGUAGE_TAGS, WIDGET_LANGUAGES } from "~/rules/caption-languages";
import { cueFault, parseTimestamp, serializeVtt, type Cue } from "~/rules/captions";
import { CAPTIONS } from "~/constants";
import { ACTION_TEXT, CAPTION_TEXT } from "~/messages";

/** One text track the preview's player shows: the saved captions of a language, or the editor's cues as they are being edited. */
export interface PreviewTrack {
  lang: string;
  label: string;
  /** WebVTT text (played from a blob: URL, so no CDN request is needed). */
  vtt: string;
  /** Shown by default: the editor's track while editing, else the video's own language. */
  showing: boolean;
}

/** How often the list asks again while a copy is being made. */
const PENDING_POLL_MS = 2000;

const displayNames = (() => {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" });
  } catch {
    return null;
  }
})();

/** A language's name for the merchant ("French", "Portuguese (Brazil)"), else its tag. */
export function languageName(tag: string): string {
  try {
    return displayNames?.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** "0:04.250": minutes, seconds and milliseconds, as the editor shows and takes a time. */
export function editorTime(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const minutes = Math.floor(whole / 60_000);
  const seconds = Math.floor(whole / 1000) % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}.${String(whole % 1000).padStart(3, "0")}`;
}

/** The editor's time field: "m:ss.mmm", "ss.mmm", "m:ss" or "h:mm:ss.mmm"; null when it is not a time. */
export function readEditorTime(text: string): number | null {
  const value = text.trim().replace(",", ".");
  const match = /^(?:(\d{1,3}):)?(\d{1,3})(?:\.(\d{1,3}))?$/.exec(value);
  if (match) {
    const [, minutes = "0", seconds = "0", fraction = "0"] = match;
    if (Number(seconds) >= 60 && match[1] !== undefined) return null;
    return (Number(minutes) * 60 + Number(seconds)) * 1000 + Number(fraction.padEnd(3, "0"));
  }
  return parseTimestamp(value);
}

function languageOptions(taken: readonly string[]) {
  const byName = (a: string, b: string) => languageName(a).localeCompare(languageName(b));
  const option = (tag: string) => ({ label: taken.includes(tag) ? `${languageName(tag)} (${tag}) ✓` : `${languageName(tag)} (${tag})`, value: tag });
  return [
    { title: CAPTION_TEXT.storeLanguages, options: [...WIDGET_LANGUAGES].map(option) },
    {
      title: CAPTION_TEXT.otherLanguages,
      options: CAPTION_LANGUAGE_TAGS.filter((tag) => !WIDGET_LANGUAGES.includes(tag))
        .sort(byName)
        .map(option),
    },
  ];
}

interface EditorCue {
  key: number;
  start: string;
  end: string;
  text: string;
}

let cueKeys = 0;
const toEditorCue = (cue: Cue): EditorCue => ({ key: ++cueKeys, start: editorTime(cue.start), end: editorTime(cue.end), text: cue.text });

/** The editor's rows as cues, or the first row that is not one (with what is wrong, as the merchant reads it). */
function readCues(rows: readonly EditorCue[], durationMs: number | null): { cues: Cue[]; error: string | null; index: number | null } {
  const cues: Cue[] = [];
  for (const [index, row] of rows.entries()) {
    const start = readEditorTime(row.start);
    const end = readEditorTime(row.end);
    if (start === null || end === null) return { cues, error: CAPTION_TEXT.cueError(index, CAPTION_TEXT.badTime), index };
    const cue = { start, end, text: row.text };
    const fault = cueFault(cue, durationMs);
    if (fault) return { cues, error: CAPTION_TEXT.cueError(index, CAPTION_TEXT.cueErrors[fault]), index };
    cues.push(cue);
  }
  return { cues, error: null, index: null };
}

interface CaptionsPanelProps {
  video: VideoDto;
  /** The preview's own player (our copy), for seeking to a cue; null when the platform's player shows. */
  videoRef: RefObject<HTMLVideoElement>;
  /** The video's length, for the editor's check; null when unknown. */
  durationMs: number | null;
  /** The tracks the preview's player should show. */
  onTracks: (tracks: PreviewTrack[]) => void;
}

/**
 * The video's captions in the preview (decision 084): each language with
 * where it came from and whether shoppers see it yet, an upload (.vtt/.srt and
 * a language), removing a language (after a confirmation), and an editor of
 * each cue's times and text, checked as it is typed and played in the
 * preview's player as a track; a cue's time button seeks the player to it.
 */
export function CaptionsPanel({ video, videoRef, durationMs, onTracks }: CaptionsPanelProps) {
  const [captions, setCaptions] = useState<CaptionDto[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [notice, setNotice] = useState<{ tone: "success" | "critical"; text: string } | null>(null);
  const [uploadLang, setUploadLang] = useState<string>(WIDGET_LANGUAGES[0]!);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [rows, setRows] = useState<EditorCue[]>([]);
  const [saving, setSaving] = useState(false);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const fileInputId = useId();

  const load = useCallback(async () => {
    try {
      setCaptions(await fetchCaptions(video.id));
      setLoadError(false);
    } catch {
      setLoadError(true);
    }
  }, [video.id]);

  useEffect(() => {
    void load();
  }, [load]);

  const pending = captions?.some((caption) => caption.status === "pending") ?? false;
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void load(), PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [pending, load]);

  const checked = useMemo(() => (editing ? readCues(rows, durationMs) : null), [editing, rows, durationMs]);

  // The player's tracks: every saved language, the one being edited replaced by the editor's cues (the live check).
  useEffect(() => {
    const tracks: PreviewTrack[] = (captions ?? []).flatMap((caption) => {
      if (caption.lang === editing) {
        return [{ lang: caption.lang, label: CAPTION_TEXT.trackLabel(languageName(caption.lang)), vtt: serializeVtt(checked?.cues ?? []), showing: true }];
      }
      return caption.cues?.length
        ? [{ lang: caption.lang, label: languageName(caption.lang), vtt: serializeVtt(caption.cues), showing: !editing && caption.spoken }]
        : [];
    });
    onTracks(tracks);
  }, [captions, editing, checked, onTracks]);

  async function upload() {
    if (!file) {
      setNotice({ tone: "critical", text: CAPTION_TEXT.noFile });
      return;
    }
    const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? "";
    if (!(CAPTIONS.extensions as readonly string[]).includes(extension)) {
      setNotice({ tone: "critical", text: CAPTION_TEXT.wrongType });
      return;
    }
    if (file.size > CAPTIONS.maxBytes) {
      setNotice({ tone: "critical", text: CAPTION_TEXT.fileError(1, CAPTION_TEXT.errors.tooLarge) });
      return;
    }
    setUploading(true);
    setNotice(null);
    try {
      await uploadCaptionFile(video.id, { lang: uploadLang, filename: file.name, text: await file.text() });
      setNotice({ tone: "success", text: CAPTION_TEXT.uploaded(languageName(uploadLang)) });
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
      await load();
    } catch (error) {
      // The server's words: "Line 12: ..." for a file it cannot read.
      setNotice({ tone: "critical", text: error instanceof Error && error.message ? error.message : CAPTION_TEXT.failed });
    } finally {
      setUploading(false);
    }
  }

  async function remove(lang: string) {
    setRemoving(lang);
    setNotice(null);
    try {
      await removeCaptionLanguage(video.id, lang);
      setConfirmRemove(null);
      if (editing === lang) setEditing(null);
      setNotice({ tone: "success", text: CAPTION_TEXT.removed(languageName(lang)) });
      await load();
    } catch {
      setNotice({ tone: "critical", text: CAPTION_TEXT.failed });
    } finally {
      setRemoving(null);
    }
  }

  function startEditing(caption: CaptionDto) {
    setEditing(caption.lang);
    setRows((caption.cues ?? []).map(toEditorCue));
    setNotice(null);
  }

  async function save() {
    if (!editing || !checked || checked.error) return;
    setSaving(true);
    setNotice(null);
    try {
      await saveCaptionCues(video.id, editing, checked.cues);
      setNotice({ tone: "success", text: CAPTION_TEXT.saved });
      setEditing(null);
      await load();
    } catch (error) {
      setNotice({ tone: "critical", text: error instanceof Error && error.message ? error.message : CAPTION_TEXT.failed });
    } finally {
      setSaving(false);
    }
  }

  const updateRow = (key: number, change: Partial<EditorCue>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  function seek(row: EditorCue) {
    const player = videoRef.current;
    const start = readEditorTime(row.start);
    if (!player || start === null) return;
    player.currentTime = start / 1000;
    void player.play().catch(() => undefined);
  }

  const taken = (captions ?? []).map((caption) => caption.lang);

  return (
    <BlockStack gap="300">
      <Text as="h3" variant="headingSm">
        {CAPTION_TEXT.heading}
      </Text>
      {notice ? (
        <Banner tone={notice.tone} onDismiss={() => setNotice(null)}>
          <p>{notice.text}</p>
        </Banner>
      ) : null}
      {loadError ? (
        <Text as="p" tone="critical">
          {CAPTION_TEXT.failed}
        </Text>
      ) : null}
      {captions && !captions.length ? (
        <Text as="p" tone="subdued">
          {CAPTION_TEXT.none}
        </Text>
      ) : null}
      {captions?.length ? (
        <ul aria-label={CAPTION_TEXT.heading} style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 8 }}>
          {captions.map((caption) => (
            <li key={caption.lang} data-caption-lang={caption.lang}>
              <Box borderWidth="025" borderColor="border" borderRadius="200" padding="200">
                <BlockStack gap="200">
                  <InlineStack gap="200" align="space-between" blockAlign="center" wrap>
                    <InlineStack gap="150" blockAlign="center" wrap>
                      <Text as="span" fontWeight="semibold">
                        {languageName(caption.lang)}
                      </Text>
                      <Badge>{CAPTION_TEXT.sources[caption.source]}</Badge>
                      {caption.spoken ? <Badge tone="info">{CAPTION_TEXT.spoken}</Badge> : null}
                      <Badge tone={caption.status === "ready" ? "success" : caption.status === "failed" ? "critical" : "attention"}>
                        {CAPTION_TEXT.states[caption.status]}
                      </Badge>
                    </InlineStack>
                    <InlineStack gap="100">
                      <Button
                        size="slim"
                        onClick={() => startEditing(caption)}
                        disabled={!caption.cues?.length || editing === caption.lang}
                        accessibilityLabel={CAPTION_TEXT.editTitle(languageName(caption.lang))}
                      >
                        {CAPTION_TEXT.edit}
                      </Button>
                      <Button
                        size="slim"
                        tone="critical"
                        variant="plain"
                        onClick={() => setConfirmRemove(caption.lang)}
                        accessibilityLabel={CAPTION_TEXT.removeTitle(languageName(caption.lang))}
                      >
                        {CAPTION_TEXT.remove}
                      </Button>
                    </InlineStack>
                  </InlineStack>
                  {caption.failure ? (
                    <Text as="p" variant="bodySm" tone="critical">
                      {CAPTION_TEXT.failures[caption.failure]}
                    </Text>
                  ) : null}
                  {confirmRemove === caption.lang ? (
                    <Banner tone="warning" title={CAPTION_TEXT.removeTitle(languageName(caption.lang))}>
                      <BlockStack gap="200">
                        <p>{CAPTION_TEXT.removeBody}</p>
                        <InlineStack gap="200">
                          <Button tone="critical" variant="primary" loading={removing === caption.lang} onClick={() => void remove(caption.lang)}>
                            {CAPTION_TEXT.remove}
                          </Button>
                          <Button onClick={() => setConfirmRemove(null)} disabled={removing === caption.lang}>
                            {ACTION_TEXT.cancel}
                          </Button>
                        </InlineStack>
                      </BlockStack>
                    </Banner>
                  ) : null}
                </BlockStack>
              </Box>
            </li>
          ))}
        </ul>
      ) : null}

      {editing ? (
        <Box borderWidth="025" borderColor="border" borderRadius="200" padding="300">
          <BlockStack gap="300">
            <Text as="h4" variant="headingSm">
              {CAPTION_TEXT.editTitle(languageName(editing))}
            </Text>
            <ol aria-label={CAPTION_TEXT.editTitle(languageName(editing))} style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 12 }}>
              {rows.map((row, index) => (
                <li key={row.key} data-cue-index={index}>
                  <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
                    <legend style={{ padding: 0 }}>
                      <Button variant="plain" onClick={() => seek(row)} accessibilityLabel={CAPTION_TEXT.seek(row.start)}>
                        {`${CAPTION_TEXT.cueLabel(index)} · ${row.start}`}
                      </Button>
                    </legend>
                    {/* Start and end side by side, the text and its remove button under them: fits a 375 px phone. Inline, as the dialog's body is drawn outside the page's styles. */}
                    <div style={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)", gap: 8, alignItems: "end" }}>
                      <TextField
                        label={CAPTION_TEXT.cueStart}
                        value={row.start}
                        onChange={(value) => updateRow(row.key, { start: value })}
                        autoComplete="off"
                        error={checked?.index === index && readEditorTime(row.start) === null ? CAPTION_TEXT.badTime : undefined}
                      />
                      <TextField
                        label={CAPTION_TEXT.cueEnd}
                        value={row.end}
                        onChange={(value) => updateRow(row.key, { end: value })}
                        autoComplete="off"
                        error={checked?.index === index && readEditorTime(row.end) === null ? CAPTION_TEXT.badTime : undefined}
                      />
                      <div style={{ gridColumn: "1 / -1" }}>
                        <TextField
                          label={CAPTION_TEXT.cueText}
                          value={row.text}
                          onChange={(value) => updateRow(row.key, { text: value })}
                          autoComplete="off"
                          multiline={2}
                          maxLength={CAPTIONS.maxCueChars}
                        />
                      </div>
                      <div style={{ gridColumn: "1 / -1" }}>
                        <Button
                          variant="plain"
                          tone="critical"
                          onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                          accessibilityLabel={CAPTION_TEXT.removeCue(index)}
                          disabled={rows.length <= 1}
                        >
                          {CAPTION_TEXT.remove}
                        </Button>
                      </div>
                    </div>
                  </fieldset>
                </li>
              ))}
            </ol>
            {checked?.error ? (
              <div role="alert">
                <Text as="p" tone="critical">
                  {checked.error}
                </Text>
              </div>
            ) : null}
            <InlineStack gap="200" wrap>
              <Button
                onClick={() => {
                  const last = rows.at(-1);
                  const start = last ? (readEditorTime(last.end) ?? 0) : 0;
                  setRows((current) => [...current, toEditorCue({ start, end: start + 1000, text: "" })]);
                }}
                disabled={rows.length >= CAPTIONS.maxCues}
              >
                {CAPTION_TEXT.addCue}
              </Button>
              <Button variant="primary" onClick={() => void save()} loading={saving} disabled={!!checked?.error}>
                {CAPTION_TEXT.save}
              </Button>
              <Button onClick={() => setEditing(null)} disabled={saving}>
                {ACTION_TEXT.cancel}
              </Button>
            </InlineStack>
          </BlockStack>
        </Box>
      ) : null}

      <Box borderWidth="025" borderColor="border" borderRadius="200" padding="300">
        <BlockStack gap="200">
          <Text as="h4" variant="headingSm">
            {CAPTION_TEXT.uploadTitle}
          </Text>
          <div>
            <label htmlFor={fileInputId} style={{ display: "block", marginBottom: 4 }}>
              {CAPTION_TEXT.fileLabel}
            </label>
            <input
              id={fileInputId}
              ref={fileInput}
              type="file"
              accept=".vtt,.srt,text/vtt"
              onChange={(event) => {
                setFile(event.currentTarget.files?.[0] ?? null);
                setNotice(null);
              }}
              style={{ maxWidth: "100%" }}
            />
          </div>
          <Select label={CAPTION_TEXT.languageLabel} options={languageOptions(taken)} value={uploadLang} onChange={setUploadLang} />
          {taken.includes(uploadLang) ? (
            <Text as="p" variant="bodySm" tone="subdued">
              {CAPTION_TEXT.replaceNote(languageName(uploadLang))}
            </Text>
          ) : null}
          <InlineStack>
            <Button onClick={() => void upload()} loading={uploading}>
              {CAPTION_TEXT.uploadButton}
            </Button>
          </InlineStack>
        </BlockStack>
      </Box>
    </BlockStack>
  );
}
