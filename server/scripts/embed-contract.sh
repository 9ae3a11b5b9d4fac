#!/usr/bin/env bash
# Writes the OpenAPI contract into the server's sources, so that the binary
# serves the contract it was built with: embed-contract.sh CONTRACT.yaml OUT.swift
set -euo pipefail
contract=$1 out=$2
if grep -q '"""##' "$contract"; then
    echo "embed-contract: $contract contains the raw-string delimiter \"\"\"##" >&2
    exit 1
fi
{
    echo '// Generated from openapi/wellness-api.yaml by server/scripts/embed-contract.sh'
    echo '// (`make` regenerates it); ContractTests fails when the two differ.'
    echo
    echo '/// The OpenAPI contract this server implements, as `GET /openapi.yaml` serves it.'
    echo 'enum OpenAPIContract {'
    echo '    static let yaml = ##"""'
    # Indented as swift-format (make lint) wants it; Swift strips the closing
    # delimiter's indentation from every line, and empty lines stay empty.
    sed 's/^\(.\)/        \1/' "$contract"
    echo  # the delimiter's line break is not part of the string: keep the file's last one
    echo '        """##'
    echo '}'
} >"$out.tmp"
mv "$out.tmp" "$out"
