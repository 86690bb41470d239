import { List, Stack, Text, Title } from "@mantine/core";
import type { HelpBlock } from "./articles/types";

/** An article's text: headings, paragraphs and lists as plain text (no HTML from the data). */
export function HelpBody({ blocks }: { blocks: HelpBlock[] }) {
  return (
    <Stack gap="sm" style={{ overflowWrap: "break-word", hyphens: "auto" }}>
      {blocks.map((block, i) => {
        switch (block.kind) {
          case "h":
            return (
              <Title key={i} order={2} size="h4" mt="sm">
                {block.text}
              </Title>
            );
          case "p":
            return <Text key={i}>{block.text}</Text>;
          case "ul":
          case "ol":
            return (
              <List key={i} type={block.kind === "ol" ? "ordered" : "unordered"} spacing={6} withPadding>
                {block.items.map((item, j) => (
                  <List.Item key={j}>{item}</List.Item>
                ))}
              </List>
            );
        }
      })}
    </Stack>
  );
}
