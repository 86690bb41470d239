/*eslint-disable*/import type{Messages}from"@lingui/core";export const messages=JSON.parse("{}") as Messages;
