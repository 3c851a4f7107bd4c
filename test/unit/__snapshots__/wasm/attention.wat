(func $run (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 f32) (param $5 i32) (param $6 i32) (param $7 i32)
  (local $8 i32) (local $9 i32) (local $10 i32) (local $11 i32) (local $12 f32) (local $13 f32) (local $14 f32) (local $15 f32) (local $16 f32) (local $17 f32) (local $18 i32) (local $19 v128) (local $20 v128) (local $21 v128) (local $22 v128) (local $23 v128) (local $24 v128) (local $25 v128) (local $26 i32) (local $27 i32) (local $28 i32) (local $29 i32) (local $30 i32) (local $31 i32) (local $32 i32) (local $33 i32) (local $34 i32) (local $35 i32) (local $36 f32) (local $37 v128) (local $38 v128) (local $39 v128) (local $40 v128) (local $41 v128) (local $42 v128) (local $43 v128) (local $44 v128) (local $45 v128) (local $46 v128) (local $47 v128) (local $48 v128) (local $49 v128) (local $50 v128) (local $51 v128) (local $52 v128) (local $53 v128) (local $54 v128) (local $55 v128) (local $56 v128) (local $57 v128) (local $58 v128) (local $59 v128) (local $60 v128) (local $61 v128) (local $62 v128) (local $63 v128) (local $64 v128) (local $65 v128) (local $66 v128) (local $67 v128) (local $68 v128) (local $69 v128) (local $70 v128) (local $71 f32) (local $72 f32) (local $73 f32) (local $74 i32) (local $75 i32) (local $76 f32) (local $77 f32) (local $78 f32) (local $79 f32) (local $80 f32) (local $81 i32) (local $82 i32) (local $83 f32) (local $84 f32) (local $85 v128) (local $86 f32) (local $87 v128) (local $88 i32) (local $89 i32) (local $90 f32) (local $91 v128) (local $92 i32) (local $93 f32) (local $94 f32) (local $95 i32) (local $96 f32) (local $97 f32) (local $98 i32) (local $99 i32) (local $100 i32) (local $101 i32) (local $102 i32) (local $103 i32) (local $104 i32) (local $105 i32) (local $106 i32) (local $107 i32) (local $108 i32) (local $109 i32) (local $110 i32) (local $111 i32) (local $112 i32) (local $113 i32) (local $114 i32) (local $115 i32) (local $116 v128) (local $117 v128) (local $118 v128) (local $119 v128) (local $120 v128) (local $121 v128) (local $122 v128) (local $123 v128) (local $124 v128) (local $125 v128) (local $126 v128) (local $127 v128) (local $128 v128) (local $129 v128) (local $130 v128) (local $131 v128) (local $132 v128) (local $133 v128) (local $134 v128) (local $135 v128) (local $136 v128) (local $137 v128) (local $138 v128) (local $139 v128) (local $140 v128) (local $141 f32) (local $142 i32) (local $143 i32) (local $144 f32) (local $145 v128) (local $146 v128) (local $147 v128) (local $148 v128) (local $149 f32) (local $150 v128) (local $151 v128) (local $152 v128) (local $153 v128) (local $154 v128) (local $155 v128) (local $156 v128) (local $157 f32) (local $158 v128) (local $159 v128) (local $160 v128) (local $161 v128) (local $162 v128) (local $163 v128) (local $164 v128) (local $165 i32) (local $166 f32) (local $167 i32) (local $168 i32) (local $169 f32) (local $170 f32) (local $171 f32) (local $172 f32) (local $173 f32) (local $174 i32) (local $175 i32) (local $176 f32) (local $177 f32) (local $178 v128) (local $179 f32) (local $180 v128) (local $181 i32) (local $182 i32) (local $183 f32) (local $184 v128) (local $185 i32) (local $186 f32) (local $187 i32) (local $188 i32) (local $189 f32) (local $190 f32) (local $191 f32) (local $192 f32) (local $193 f32) (local $194 i32) (local $195 i32) (local $196 f32) (local $197 f32) (local $198 v128) (local $199 f32) (local $200 v128) (local $201 i32) (local $202 i32) (local $203 f32) (local $204 v128) (local $205 i32) (local $206 f32) (local $207 f32) (local $208 i32) (local $209 i32) (local $210 i32) (local $211 i32) (local $212 i32) (local $213 i32) (local $214 i32) (local $215 i32) (local $216 i32) (local $217 i32) (local $218 i32) (local $219 i32) (local $220 i32) (local $221 i32) (local $222 i32) (local $223 v128) (local $224 v128) (local $225 v128) (local $226 v128) (local $227 v128) (local $228 v128) (local $229 v128) (local $230 v128) (local $231 v128) (local $232 v128) (local $233 v128) (local $234 v128) (local $235 v128) (local $236 f32) (local $237 i32) (local $238 i32) (local $239 f32) (local $240 v128) (local $241 v128) (local $242 f32) (local $243 v128) (local $244 v128) (local $245 v128) (local $246 v128) (local $247 v128) (local $248 v128) (local $249 v128) (local $250 i32) (local $251 f32) (local $252 i32) (local $253 i32) (local $254 f32) (local $255 f32) (local $256 f32) (local $257 f32) (local $258 f32) (local $259 i32) (local $260 i32) (local $261 f32) (local $262 f32) (local $263 v128) (local $264 f32) (local $265 v128) (local $266 i32) (local $267 i32) (local $268 f32) (local $269 v128) (local $270 i32)
  local.get 6
  local.set 8
  block
    loop
      local.get 8
      i32.const 7
      i32.add
      local.get 7
      i32.ge_s
      br_if 1
      local.get 5
      v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
      v128.store offset=800
      local.get 5
      v128.const f32x4 0 0 0 0
      v128.store offset=832
      local.get 5
      v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
      v128.store offset=816
      local.get 5
      v128.const f32x4 0 0 0 0
      v128.store offset=848
      i32.const 0
      local.set 33
      block
        loop
          local.get 33
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 8
          local.get 33
          i32.add
          local.set 18
          local.get 18
          i32.const 8
          i32.mul
          local.set 35
          i32.const 0
          local.set 9
          block
            loop
              local.get 9
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 35
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.const f32x4 0 0 0 0
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              local.get 0
              local.get 35
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.const f32x4 0 0 0 0
              v128.store
              local.get 9
              i32.const 4
              i32.sub
              local.set 9
              local.get 9
              i32.const 8
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 35
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.const f32x4 0 0 0 0
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 18
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.const 0
              f32.store
              local.get 9
              i32.const 1
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 33
          i32.const 1
          i32.add
          local.set 33
          br 0
        end
      end
      local.get 8
      i32.const 0
      i32.add
      local.set 18
      local.get 1
      local.get 18
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 26
      local.get 5
      local.set 27
      i32.const 0
      local.set 28
      block
        loop
          local.get 28
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 27
          local.get 26
          f32.load
          f32.store
          local.get 27
          local.get 26
          f32.load offset=32
          f32.store offset=4
          local.get 27
          local.get 26
          f32.load offset=64
          f32.store offset=8
          local.get 27
          local.get 26
          f32.load offset=96
          f32.store offset=12
          local.get 27
          local.get 26
          f32.load offset=128
          f32.store offset=16
          local.get 27
          local.get 26
          f32.load offset=160
          f32.store offset=20
          local.get 27
          local.get 26
          f32.load offset=192
          f32.store offset=24
          local.get 27
          local.get 26
          f32.load offset=224
          f32.store offset=28
          local.get 26
          i32.const 4
          i32.add
          local.set 26
          local.get 27
          i32.const 32
          i32.add
          local.set 27
          local.get 28
          i32.const 1
          i32.add
          local.set 28
          br 0
        end
      end
      local.get 8
      i32.const 0
      i32.add
      local.set 18
      local.get 0
      local.get 18
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 31
      i32.const 0
      local.set 32
      block
        loop
          local.get 32
          i32.const 15
          i32.add
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 32
          local.set 10
          local.get 2
          local.get 10
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 29
          local.get 3
          local.get 10
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 30
          local.get 5
          local.get 29
          local.get 5
          i32.const 256
          i32.add
          call $flashScores
          v128.const i32x4 0 0 0 0
          local.set 24
          local.get 8
          i32.const 0
          i32.add
          local.set 18
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          local.set 22
          i32.const 0
          local.set 33
          block
            loop
              local.get 33
              i32.const 16
              i32.ge_s
              br_if 1
              local.get 32
              local.get 33
              i32.add
              local.set 10
              local.get 5
              local.get 33
              i32.const 32
              i32.mul
              i32.add
              local.set 34
              local.get 34
              v128.load offset=256
              local.set 25
              local.get 34
              local.get 25
              local.get 4
              f32x4.splat
              f32x4.mul
              local.tee 25
              v128.store offset=256
              local.get 25
              local.get 22
              f32x4.pmax
              local.set 22
              local.get 33
              i32.const 1
              i32.add
              local.set 33
              br 0
            end
          end
          local.get 5
          v128.load offset=800
          local.set 19
          local.get 19
          local.set 37
          local.get 22
          local.tee 38
          local.get 37
          local.get 38
          f32x4.pmax
          local.get 38
          local.get 38
          f32x4.ne
          v128.bitselect
          local.set 20
          v128.const f32x4 1 1 1 1
          local.set 39
          v128.const f32x4 0.008369148708879948 0.008369148708879948 0.008369148708879948 0.008369148708879948
          local.get 19
          local.get 20
          f32x4.sub
          local.tee 40
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 41
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 42
          local.get 42
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 43
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 43
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 44
          f32x4.mul
          v128.const f32x4 0.041917506605386734 0.041917506605386734 0.041917506605386734 0.041917506605386734
          f32x4.add
          local.get 44
          f32x4.mul
          v128.const f32x4 0.16666504740715027 0.16666504740715027 0.16666504740715027 0.16666504740715027
          f32x4.add
          local.get 44
          f32x4.mul
          v128.const f32x4 0.49998870491981506 0.49998870491981506 0.49998870491981506 0.49998870491981506
          f32x4.add
          local.get 44
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 44
          f32x4.mul
          v128.const f32x4 1.0000001192092896 1.0000001192092896 1.0000001192092896 1.0000001192092896
          f32x4.add
          local.get 43
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 45
          i32.const 1
          i32x4.shr_s
          local.tee 46
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 45
          local.get 46
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 39
          local.get 19
          local.get 20
          f32x4.ne
          v128.bitselect
          local.set 21
          v128.const f32x4 0 0 0 0
          local.set 23
          i32.const 0
          local.set 33
          block
            loop
              local.get 33
              i32.const 16
              i32.ge_s
              br_if 1
              local.get 32
              local.get 33
              i32.add
              local.set 10
              local.get 5
              local.get 33
              i32.const 32
              i32.mul
              i32.add
              local.set 34
              local.get 34
              v128.load offset=256
              local.set 25
              local.get 34
              v128.const f32x4 0 0 0 0
              v128.const f32x4 0.008369148708879948 0.008369148708879948 0.008369148708879948 0.008369148708879948
              local.get 25
              local.get 20
              f32x4.sub
              local.tee 47
              v128.const f32x4 -104 -104 -104 -104
              f32x4.pmax
              local.tee 48
              v128.const f32x4 89 89 89 89
              f32x4.pmin
              local.tee 49
              local.get 49
              v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
              f32x4.mul
              f32x4.nearest
              local.tee 50
              v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
              f32x4.mul
              f32x4.sub
              local.get 50
              v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
              f32x4.mul
              f32x4.sub
              local.tee 51
              f32x4.mul
              v128.const f32x4 0.041917506605386734 0.041917506605386734 0.041917506605386734 0.041917506605386734
              f32x4.add
              local.get 51
              f32x4.mul
              v128.const f32x4 0.16666504740715027 0.16666504740715027 0.16666504740715027 0.16666504740715027
              f32x4.add
              local.get 51
              f32x4.mul
              v128.const f32x4 0.49998870491981506 0.49998870491981506 0.49998870491981506 0.49998870491981506
              f32x4.add
              local.get 51
              f32x4.mul
              v128.const f32x4 1 1 1 1
              f32x4.add
              local.get 51
              f32x4.mul
              v128.const f32x4 1.0000001192092896 1.0000001192092896 1.0000001192092896 1.0000001192092896
              f32x4.add
              local.get 50
              v128.const f32x4 12582912 12582912 12582912 12582912
              f32x4.add
              v128.const i32x4 1262485504 1262485504 1262485504 1262485504
              i32x4.sub
              local.tee 52
              i32.const 1
              i32x4.shr_s
              local.tee 53
              v128.const i32x4 127 127 127 127
              i32x4.add
              i32.const 23
              i32x4.shl
              f32x4.mul
              local.get 52
              local.get 53
              i32x4.sub
              v128.const i32x4 127 127 127 127
              i32x4.add
              i32.const 23
              i32x4.shl
              f32x4.mul
              local.get 25
              v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
              f32x4.eq
              v128.bitselect
              local.tee 25
              v128.store offset=256
              local.get 23
              local.get 25
              f32x4.add
              local.set 23
              local.get 33
              i32.const 1
              i32.add
              local.set 33
              br 0
            end
          end
          local.get 24
          local.get 23
          v128.or
          local.set 24
          local.get 5
          local.get 5
          v128.load offset=832
          local.get 21
          f32x4.mul
          local.get 23
          f32x4.add
          v128.store offset=832
          local.get 5
          local.get 20
          v128.store offset=800
          local.get 5
          local.get 21
          v128.store offset=768
          local.get 8
          i32.const 4
          i32.add
          local.set 18
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          local.set 22
          i32.const 0
          local.set 33
          block
            loop
              local.get 33
              i32.const 16
              i32.ge_s
              br_if 1
              local.get 32
              local.get 33
              i32.add
              local.set 10
              local.get 5
              local.get 33
              i32.const 32
              i32.mul
              i32.add
              local.set 34
              local.get 34
              v128.load offset=272
              local.set 25
              local.get 34
              local.get 25
              local.get 4
              f32x4.splat
              f32x4.mul
              local.tee 25
              v128.store offset=272
              local.get 25
              local.get 22
              f32x4.pmax
              local.set 22
              local.get 33
              i32.const 1
              i32.add
              local.set 33
              br 0
            end
          end
          local.get 5
          v128.load offset=816
          local.set 19
          local.get 19
          local.set 54
          local.get 22
          local.tee 55
          local.get 54
          local.get 55
          f32x4.pmax
          local.get 55
          local.get 55
          f32x4.ne
          v128.bitselect
          local.set 20
          v128.const f32x4 1 1 1 1
          local.set 56
          v128.const f32x4 0.008369148708879948 0.008369148708879948 0.008369148708879948 0.008369148708879948
          local.get 19
          local.get 20
          f32x4.sub
          local.tee 57
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 58
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 59
          local.get 59
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 60
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 60
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 61
          f32x4.mul
          v128.const f32x4 0.041917506605386734 0.041917506605386734 0.041917506605386734 0.041917506605386734
          f32x4.add
          local.get 61
          f32x4.mul
          v128.const f32x4 0.16666504740715027 0.16666504740715027 0.16666504740715027 0.16666504740715027
          f32x4.add
          local.get 61
          f32x4.mul
          v128.const f32x4 0.49998870491981506 0.49998870491981506 0.49998870491981506 0.49998870491981506
          f32x4.add
          local.get 61
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 61
          f32x4.mul
          v128.const f32x4 1.0000001192092896 1.0000001192092896 1.0000001192092896 1.0000001192092896
          f32x4.add
          local.get 60
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 62
          i32.const 1
          i32x4.shr_s
          local.tee 63
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 62
          local.get 63
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 56
          local.get 19
          local.get 20
          f32x4.ne
          v128.bitselect
          local.set 21
          v128.const f32x4 0 0 0 0
          local.set 23
          i32.const 0
          local.set 33
          block
            loop
              local.get 33
              i32.const 16
              i32.ge_s
              br_if 1
              local.get 32
              local.get 33
              i32.add
              local.set 10
              local.get 5
              local.get 33
              i32.const 32
              i32.mul
              i32.add
              local.set 34
              local.get 34
              v128.load offset=272
              local.set 25
              local.get 34
              v128.const f32x4 0 0 0 0
              v128.const f32x4 0.008369148708879948 0.008369148708879948 0.008369148708879948 0.008369148708879948
              local.get 25
              local.get 20
              f32x4.sub
              local.tee 64
              v128.const f32x4 -104 -104 -104 -104
              f32x4.pmax
              local.tee 65
              v128.const f32x4 89 89 89 89
              f32x4.pmin
              local.tee 66
              local.get 66
              v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
              f32x4.mul
              f32x4.nearest
              local.tee 67
              v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
              f32x4.mul
              f32x4.sub
              local.get 67
              v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
              f32x4.mul
              f32x4.sub
              local.tee 68
              f32x4.mul
              v128.const f32x4 0.041917506605386734 0.041917506605386734 0.041917506605386734 0.041917506605386734
              f32x4.add
              local.get 68
              f32x4.mul
              v128.const f32x4 0.16666504740715027 0.16666504740715027 0.16666504740715027 0.16666504740715027
              f32x4.add
              local.get 68
              f32x4.mul
              v128.const f32x4 0.49998870491981506 0.49998870491981506 0.49998870491981506 0.49998870491981506
              f32x4.add
              local.get 68
              f32x4.mul
              v128.const f32x4 1 1 1 1
              f32x4.add
              local.get 68
              f32x4.mul
              v128.const f32x4 1.0000001192092896 1.0000001192092896 1.0000001192092896 1.0000001192092896
              f32x4.add
              local.get 67
              v128.const f32x4 12582912 12582912 12582912 12582912
              f32x4.add
              v128.const i32x4 1262485504 1262485504 1262485504 1262485504
              i32x4.sub
              local.tee 69
              i32.const 1
              i32x4.shr_s
              local.tee 70
              v128.const i32x4 127 127 127 127
              i32x4.add
              i32.const 23
              i32x4.shl
              f32x4.mul
              local.get 69
              local.get 70
              i32x4.sub
              v128.const i32x4 127 127 127 127
              i32x4.add
              i32.const 23
              i32x4.shl
              f32x4.mul
              local.get 25
              v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
              f32x4.eq
              v128.bitselect
              local.tee 25
              v128.store offset=272
              local.get 23
              local.get 25
              f32x4.add
              local.set 23
              local.get 33
              i32.const 1
              i32.add
              local.set 33
              br 0
            end
          end
          local.get 24
          local.get 23
          v128.or
          local.set 24
          local.get 5
          local.get 5
          v128.load offset=848
          local.get 21
          f32x4.mul
          local.get 23
          f32x4.add
          v128.store offset=848
          local.get 5
          local.get 20
          v128.store offset=816
          local.get 5
          local.get 21
          v128.store offset=784
          local.get 24
          v128.any_true
          if
            local.get 31
            local.get 30
            local.get 5
            i32.const 256
            i32.add
            local.get 5
            i32.const 768
            i32.add
            call $flashValues
          end
          local.get 32
          i32.const 16
          i32.add
          local.set 32
          br 0
        end
      end
      i32.const 0
      local.set 33
      block
        loop
          local.get 33
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 5
          local.get 33
          i32.const 4
          i32.mul
          i32.add
          local.set 34
          local.get 34
          f32.load offset=800
          local.set 71
          local.get 34
          f32.load offset=832
          local.set 72
          local.get 8
          local.get 33
          i32.add
          local.set 18
          local.get 32
          local.set 10
          block
            loop
              local.get 10
              i32.const 9
              i32.ge_s
              br_if 1
              local.get 71
              local.set 13
              f32.const 0
              local.set 73
              local.get 18
              i32.const 8
              i32.mul
              local.set 74
              local.get 10
              i32.const 8
              i32.mul
              local.set 75
              i32.const 0
              local.set 11
              block
                loop
                  local.get 11
                  i32.const 8
                  i32.ge_s
                  br_if 1
                  local.get 73
                  local.get 1
                  local.get 18
                  i32.const 8
                  i32.mul
                  local.get 11
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  f32.load
                  local.get 2
                  local.get 10
                  i32.const 8
                  i32.mul
                  local.get 11
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  f32.load
                  f32.mul
                  f32.add
                  local.set 73
                  local.get 11
                  i32.const 1
                  i32.add
                  local.set 11
                  br 0
                end
              end
              local.get 73
              local.get 4
              f32.mul
              local.set 12
              local.get 13
              local.get 12
              f32.max
              local.set 14
              f32.const 0
              f32.const 0.008369148708879948
              f32.const 89
              f32.const -104
              local.get 12
              local.get 14
              f32.sub
              local.tee 76
              local.get 76
              f32.const -104
              f32.lt
              select
              local.tee 77
              f32.const 89
              local.get 77
              f32.lt
              select
              local.tee 78
              local.get 78
              f32.const 1.4426950408889634
              f32.mul
              f32.nearest
              local.tee 79
              f32.const 0.693359375
              f32.mul
              f32.sub
              local.get 79
              f32.const -0.00021219444
              f32.mul
              f32.sub
              local.tee 80
              f32.mul
              f32.const 0.041917506605386734
              f32.add
              local.get 80
              f32.mul
              f32.const 0.16666504740715027
              f32.add
              local.get 80
              f32.mul
              f32.const 0.49998870491981506
              f32.add
              local.get 80
              f32.mul
              f32.const 1
              f32.add
              local.get 80
              f32.mul
              f32.const 1.0000001192092896
              f32.add
              local.get 79
              f32.const 12582912
              f32.add
              i32.reinterpret_f32
              i32.const 1262485504
              i32.sub
              local.tee 81
              i32.const 1
              i32.shr_s
              local.tee 82
              i32.const 127
              i32.add
              i32.const 23
              i32.shl
              f32.reinterpret_i32
              f32.mul
              local.get 81
              local.get 82
              i32.sub
              i32.const 127
              i32.add
              i32.const 23
              i32.shl
              f32.reinterpret_i32
              f32.mul
              local.get 12
              f32.const -Infinity
              f32.eq
              select
              local.set 15
              f32.const 1
              local.set 83
              local.get 13
              local.get 14
              f32.ne
              if (result f32)
                local.get 13
                local.get 14
                call $rare0
              else
                local.get 83
              end
              local.set 16
              local.get 72
              local.get 16
              f32.mul
              local.get 15
              f32.add
              local.set 72
              local.get 14
              local.set 71
              local.get 16
              local.set 84
              local.get 84
              f32x4.splat
              local.set 85
              local.get 15
              local.set 86
              local.get 86
              f32x4.splat
              local.set 87
              local.get 10
              i32.const 8
              i32.mul
              local.set 88
              local.get 18
              i32.const 8
              i32.mul
              local.set 89
              i32.const 0
              local.set 9
              block
                loop
                  local.get 9
                  i32.const 7
                  i32.add
                  i32.const 8
                  i32.ge_s
                  br_if 1
                  local.get 0
                  local.get 89
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  local.get 0
                  local.get 89
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  v128.load
                  local.get 85
                  f32x4.mul
                  local.get 87
                  local.get 3
                  local.get 88
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  v128.load
                  f32x4.mul
                  f32x4.add
                  v128.store
                  local.get 9
                  i32.const 4
                  i32.add
                  local.set 9
                  local.get 0
                  local.get 89
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  local.get 0
                  local.get 89
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  v128.load
                  local.get 85
                  f32x4.mul
                  local.get 87
                  local.get 3
                  local.get 88
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  v128.load
                  f32x4.mul
                  f32x4.add
                  v128.store
                  local.get 9
                  i32.const 4
                  i32.sub
                  local.set 9
                  local.get 9
                  i32.const 8
                  i32.add
                  local.set 9
                  br 0
                end
              end
              local.get 9
              local.set 9
              block
                loop
                  local.get 9
                  i32.const 3
                  i32.add
                  i32.const 8
                  i32.ge_s
                  br_if 1
                  local.get 0
                  local.get 89
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  local.get 0
                  local.get 89
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  v128.load
                  local.get 85
                  f32x4.mul
                  local.get 87
                  local.get 3
                  local.get 88
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  v128.load
                  f32x4.mul
                  f32x4.add
                  v128.store
                  local.get 9
                  i32.const 4
                  i32.add
                  local.set 9
                  br 0
                end
              end
              local.get 9
              local.set 9
              block
                loop
                  local.get 9
                  i32.const 8
                  i32.ge_s
                  br_if 1
                  local.get 0
                  local.get 18
                  i32.const 8
                  i32.mul
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  local.get 0
                  local.get 18
                  i32.const 8
                  i32.mul
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  f32.load
                  local.get 84
                  f32.mul
                  local.get 86
                  local.get 3
                  local.get 10
                  i32.const 8
                  i32.mul
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  f32.load
                  f32.mul
                  f32.add
                  f32.store
                  local.get 9
                  i32.const 1
                  i32.add
                  local.set 9
                  br 0
                end
              end
              local.get 10
              i32.const 1
              i32.add
              local.set 10
              br 0
            end
          end
          f32.const 1
          local.get 72
          f32.div
          local.set 17
          local.get 17
          local.set 90
          local.get 90
          f32x4.splat
          local.set 91
          local.get 18
          i32.const 8
          i32.mul
          local.set 92
          i32.const 0
          local.set 9
          block
            loop
              local.get 9
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 92
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 92
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 91
              f32x4.mul
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              local.get 0
              local.get 92
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 92
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 91
              f32x4.mul
              v128.store
              local.get 9
              i32.const 4
              i32.sub
              local.set 9
              local.get 9
              i32.const 8
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 92
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 92
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 91
              f32x4.mul
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 18
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 18
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 90
              f32.mul
              f32.store
              local.get 9
              i32.const 1
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 33
          i32.const 1
          i32.add
          local.set 33
          br 0
        end
      end
      local.get 8
      i32.const 8
      i32.add
      local.set 8
      br 0
    end
  end
  local.get 8
  local.set 8
  block
    loop
      local.get 8
      i32.const 1
      i32.add
      local.get 7
      i32.ge_s
      br_if 1
      local.get 8
      i32.const 8
      i32.mul
      local.set 98
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 98
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          local.get 0
          local.get 98
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.sub
          local.set 9
          local.get 9
          i32.const 8
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 98
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 8
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.const 0
          f32.store
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      f32.const -Infinity
      local.set 93
      f32.const 0
      local.set 94
      local.get 8
      i32.const 1
      i32.add
      local.set 95
      local.get 95
      i32.const 8
      i32.mul
      local.set 99
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 99
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          local.get 0
          local.get 99
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.sub
          local.set 9
          local.get 9
          i32.const 8
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 99
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 95
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.const 0
          f32.store
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      f32.const -Infinity
      local.set 96
      f32.const 0
      local.set 97
      local.get 1
      local.get 8
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 100
      local.get 1
      local.get 95
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 101
      local.get 0
      local.get 8
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 102
      local.get 0
      local.get 95
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 103
      i32.const 0
      local.set 10
      block
        loop
          local.get 10
          i32.const 3
          i32.add
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 2
          local.get 10
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 108
          local.get 3
          local.get 10
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 112
          local.get 108
          i32.const 32
          i32.add
          local.set 109
          local.get 112
          i32.const 32
          i32.add
          local.set 113
          local.get 108
          i32.const 64
          i32.add
          local.set 110
          local.get 112
          i32.const 64
          i32.add
          local.set 114
          local.get 108
          i32.const 96
          i32.add
          local.set 111
          local.get 112
          i32.const 96
          i32.add
          local.set 115
          v128.const f32x4 0 0 0 0
          local.set 116
          v128.const f32x4 0 0 0 0
          local.set 117
          v128.const f32x4 0 0 0 0
          local.set 118
          v128.const f32x4 0 0 0 0
          local.set 119
          v128.const f32x4 0 0 0 0
          local.set 120
          v128.const f32x4 0 0 0 0
          local.set 121
          v128.const f32x4 0 0 0 0
          local.set 122
          v128.const f32x4 0 0 0 0
          local.set 123
          i32.const 0
          local.set 142
          block
            loop
              local.get 142
              i32.const 15
              i32.add
              i32.const 32
              i32.ge_s
              br_if 1
              local.get 100
              local.get 142
              i32.add
              v128.load
              local.set 124
              local.get 101
              local.get 142
              i32.add
              v128.load
              local.set 125
              local.get 108
              local.get 142
              i32.add
              v128.load
              local.set 126
              local.get 116
              local.get 124
              local.get 126
              f32x4.mul
              f32x4.add
              local.set 116
              local.get 120
              local.get 125
              local.get 126
              f32x4.mul
              f32x4.add
              local.set 120
              local.get 109
              local.get 142
              i32.add
              v128.load
              local.set 126
              local.get 117
              local.get 124
              local.get 126
              f32x4.mul
              f32x4.add
              local.set 117
              local.get 121
              local.get 125
              local.get 126
              f32x4.mul
              f32x4.add
              local.set 121
              local.get 110
              local.get 142
              i32.add
              v128.load
              local.set 126
              local.get 118
              local.get 124
              local.get 126
              f32x4.mul
              f32x4.add
              local.set 118
              local.get 122
              local.get 125
              local.get 126
              f32x4.mul
              f32x4.add
              local.set 122
              local.get 111
              local.get 142
              i32.add
              v128.load
              local.set 126
              local.get 119
              local.get 124
              local.get 126
              f32x4.mul
              f32x4.add
              local.set 119
              local.get 123
              local.get 125
              local.get 126
              f32x4.mul
              f32x4.add
              local.set 123
              local.get 142
              i32.const 16
              i32.add
              local.set 142
              br 0
            end
          end
          local.get 116
          local.get 117
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 116
          local.get 117
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 145
          local.get 118
          local.get 119
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 118
          local.get 119
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 146
          local.get 145
          local.get 146
          i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
          local.get 145
          local.get 146
          i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
          f32x4.add
          local.set 127
          local.get 120
          local.get 121
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 120
          local.get 121
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 147
          local.get 122
          local.get 123
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 122
          local.get 123
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 148
          local.get 147
          local.get 148
          i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
          local.get 147
          local.get 148
          i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
          f32x4.add
          local.set 128
          local.get 127
          local.get 4
          f32x4.splat
          f32x4.mul
          local.set 127
          local.get 127
          f32x4.extract_lane 0
          local.get 127
          f32x4.extract_lane 1
          f32.max
          local.get 127
          f32x4.extract_lane 2
          local.get 127
          f32x4.extract_lane 3
          f32.max
          f32.max
          local.set 141
          local.get 93
          local.set 13
          local.get 13
          local.get 141
          f32.max
          local.set 14
          f32.const 1
          local.set 149
          local.get 13
          local.get 14
          f32.ne
          if (result f32)
            local.get 13
            local.get 14
            call $rare0
          else
            local.get 149
          end
          local.set 16
          v128.const f32x4 0 0 0 0
          v128.const f32x4 0.008369148708879948 0.008369148708879948 0.008369148708879948 0.008369148708879948
          local.get 127
          local.get 14
          f32x4.splat
          f32x4.sub
          local.tee 150
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 151
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 152
          local.get 152
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 153
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 153
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 154
          f32x4.mul
          v128.const f32x4 0.041917506605386734 0.041917506605386734 0.041917506605386734 0.041917506605386734
          f32x4.add
          local.get 154
          f32x4.mul
          v128.const f32x4 0.16666504740715027 0.16666504740715027 0.16666504740715027 0.16666504740715027
          f32x4.add
          local.get 154
          f32x4.mul
          v128.const f32x4 0.49998870491981506 0.49998870491981506 0.49998870491981506 0.49998870491981506
          f32x4.add
          local.get 154
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 154
          f32x4.mul
          v128.const f32x4 1.0000001192092896 1.0000001192092896 1.0000001192092896 1.0000001192092896
          f32x4.add
          local.get 153
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 155
          i32.const 1
          i32x4.shr_s
          local.tee 156
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 155
          local.get 156
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 127
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          f32x4.eq
          v128.bitselect
          local.set 129
          local.get 129
          f32x4.extract_lane 0
          local.get 129
          f32x4.extract_lane 1
          f32.add
          local.get 129
          f32x4.extract_lane 2
          f32.add
          local.get 129
          f32x4.extract_lane 3
          f32.add
          local.set 144
          local.get 94
          local.get 16
          f32.mul
          local.get 144
          f32.add
          local.set 94
          local.get 14
          local.set 93
          local.get 16
          f32x4.splat
          local.set 131
          local.get 129
          f32x4.extract_lane 0
          f32x4.splat
          local.set 133
          local.get 129
          f32x4.extract_lane 1
          f32x4.splat
          local.set 134
          local.get 129
          f32x4.extract_lane 2
          f32x4.splat
          local.set 135
          local.get 129
          f32x4.extract_lane 3
          f32x4.splat
          local.set 136
          local.get 128
          local.get 4
          f32x4.splat
          f32x4.mul
          local.set 128
          local.get 128
          f32x4.extract_lane 0
          local.get 128
          f32x4.extract_lane 1
          f32.max
          local.get 128
          f32x4.extract_lane 2
          local.get 128
          f32x4.extract_lane 3
          f32.max
          f32.max
          local.set 141
          local.get 96
          local.set 13
          local.get 13
          local.get 141
          f32.max
          local.set 14
          f32.const 1
          local.set 157
          local.get 13
          local.get 14
          f32.ne
          if (result f32)
            local.get 13
            local.get 14
            call $rare0
          else
            local.get 157
          end
          local.set 16
          v128.const f32x4 0 0 0 0
          v128.const f32x4 0.008369148708879948 0.008369148708879948 0.008369148708879948 0.008369148708879948
          local.get 128
          local.get 14
          f32x4.splat
          f32x4.sub
          local.tee 158
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 159
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 160
          local.get 160
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 161
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 161
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 162
          f32x4.mul
          v128.const f32x4 0.041917506605386734 0.041917506605386734 0.041917506605386734 0.041917506605386734
          f32x4.add
          local.get 162
          f32x4.mul
          v128.const f32x4 0.16666504740715027 0.16666504740715027 0.16666504740715027 0.16666504740715027
          f32x4.add
          local.get 162
          f32x4.mul
          v128.const f32x4 0.49998870491981506 0.49998870491981506 0.49998870491981506 0.49998870491981506
          f32x4.add
          local.get 162
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 162
          f32x4.mul
          v128.const f32x4 1.0000001192092896 1.0000001192092896 1.0000001192092896 1.0000001192092896
          f32x4.add
          local.get 161
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 163
          i32.const 1
          i32x4.shr_s
          local.tee 164
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 163
          local.get 164
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 128
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          f32x4.eq
          v128.bitselect
          local.set 130
          local.get 130
          f32x4.extract_lane 0
          local.get 130
          f32x4.extract_lane 1
          f32.add
          local.get 130
          f32x4.extract_lane 2
          f32.add
          local.get 130
          f32x4.extract_lane 3
          f32.add
          local.set 144
          local.get 97
          local.get 16
          f32.mul
          local.get 144
          f32.add
          local.set 97
          local.get 14
          local.set 96
          local.get 16
          f32x4.splat
          local.set 132
          local.get 130
          f32x4.extract_lane 0
          f32x4.splat
          local.set 137
          local.get 130
          f32x4.extract_lane 1
          f32x4.splat
          local.set 138
          local.get 130
          f32x4.extract_lane 2
          f32x4.splat
          local.set 139
          local.get 130
          f32x4.extract_lane 3
          f32x4.splat
          local.set 140
          local.get 129
          v128.any_true
          local.get 130
          v128.any_true
          i32.or
          if
            i32.const 0
            local.set 143
            block
              loop
                local.get 143
                i32.const 15
                i32.add
                i32.const 32
                i32.ge_s
                br_if 1
                local.get 102
                local.get 143
                i32.add
                v128.load
                local.get 131
                f32x4.mul
                local.set 124
                local.get 103
                local.get 143
                i32.add
                v128.load
                local.get 132
                f32x4.mul
                local.set 125
                local.get 112
                local.get 143
                i32.add
                v128.load
                local.set 126
                local.get 124
                local.get 133
                local.get 126
                f32x4.mul
                f32x4.add
                local.set 124
                local.get 125
                local.get 137
                local.get 126
                f32x4.mul
                f32x4.add
                local.set 125
                local.get 113
                local.get 143
                i32.add
                v128.load
                local.set 126
                local.get 124
                local.get 134
                local.get 126
                f32x4.mul
                f32x4.add
                local.set 124
                local.get 125
                local.get 138
                local.get 126
                f32x4.mul
                f32x4.add
                local.set 125
                local.get 114
                local.get 143
                i32.add
                v128.load
                local.set 126
                local.get 124
                local.get 135
                local.get 126
                f32x4.mul
                f32x4.add
                local.set 124
                local.get 125
                local.get 139
                local.get 126
                f32x4.mul
                f32x4.add
                local.set 125
                local.get 115
                local.get 143
                i32.add
                v128.load
                local.set 126
                local.get 124
                local.get 136
                local.get 126
                f32x4.mul
                f32x4.add
                local.set 124
                local.get 125
                local.get 140
                local.get 126
                f32x4.mul
                f32x4.add
                local.set 125
                local.get 102
                local.get 143
                i32.add
                local.get 124
                v128.store
                local.get 103
                local.get 143
                i32.add
                local.get 125
                v128.store
                local.get 143
                i32.const 16
                i32.add
                local.set 143
                br 0
              end
            end
          end
          local.get 10
          i32.const 4
          i32.add
          local.set 10
          br 0
        end
      end
      local.get 10
      local.set 165
      local.get 165
      local.set 10
      block
        loop
          local.get 10
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 93
          local.set 13
          f32.const 0
          local.set 166
          local.get 8
          i32.const 8
          i32.mul
          local.set 167
          local.get 10
          i32.const 8
          i32.mul
          local.set 168
          i32.const 0
          local.set 11
          block
            loop
              local.get 11
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 166
              local.get 1
              local.get 8
              i32.const 8
              i32.mul
              local.get 11
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 2
              local.get 10
              i32.const 8
              i32.mul
              local.get 11
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              local.set 166
              local.get 11
              i32.const 1
              i32.add
              local.set 11
              br 0
            end
          end
          local.get 166
          local.get 4
          f32.mul
          local.set 12
          local.get 13
          local.get 12
          f32.max
          local.set 14
          f32.const 0
          f32.const 0.008369148708879948
          f32.const 89
          f32.const -104
          local.get 12
          local.get 14
          f32.sub
          local.tee 169
          local.get 169
          f32.const -104
          f32.lt
          select
          local.tee 170
          f32.const 89
          local.get 170
          f32.lt
          select
          local.tee 171
          local.get 171
          f32.const 1.4426950408889634
          f32.mul
          f32.nearest
          local.tee 172
          f32.const 0.693359375
          f32.mul
          f32.sub
          local.get 172
          f32.const -0.00021219444
          f32.mul
          f32.sub
          local.tee 173
          f32.mul
          f32.const 0.041917506605386734
          f32.add
          local.get 173
          f32.mul
          f32.const 0.16666504740715027
          f32.add
          local.get 173
          f32.mul
          f32.const 0.49998870491981506
          f32.add
          local.get 173
          f32.mul
          f32.const 1
          f32.add
          local.get 173
          f32.mul
          f32.const 1.0000001192092896
          f32.add
          local.get 172
          f32.const 12582912
          f32.add
          i32.reinterpret_f32
          i32.const 1262485504
          i32.sub
          local.tee 174
          i32.const 1
          i32.shr_s
          local.tee 175
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 174
          local.get 175
          i32.sub
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 12
          f32.const -Infinity
          f32.eq
          select
          local.set 15
          f32.const 1
          local.set 176
          local.get 13
          local.get 14
          f32.ne
          if (result f32)
            local.get 13
            local.get 14
            call $rare0
          else
            local.get 176
          end
          local.set 16
          local.get 94
          local.get 16
          f32.mul
          local.get 15
          f32.add
          local.set 94
          local.get 14
          local.set 93
          local.get 16
          local.set 177
          local.get 177
          f32x4.splat
          local.set 178
          local.get 15
          local.set 179
          local.get 179
          f32x4.splat
          local.set 180
          local.get 10
          i32.const 8
          i32.mul
          local.set 181
          local.get 8
          i32.const 8
          i32.mul
          local.set 182
          i32.const 0
          local.set 9
          block
            loop
              local.get 9
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 182
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 182
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 178
              f32x4.mul
              local.get 180
              local.get 3
              local.get 181
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              local.get 0
              local.get 182
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 182
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 178
              f32x4.mul
              local.get 180
              local.get 3
              local.get 181
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.sub
              local.set 9
              local.get 9
              i32.const 8
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 182
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 182
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 178
              f32x4.mul
              local.get 180
              local.get 3
              local.get 181
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 8
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 8
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 177
              f32.mul
              local.get 179
              local.get 3
              local.get 10
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              f32.store
              local.get 9
              i32.const 1
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 10
          i32.const 1
          i32.add
          local.set 10
          br 0
        end
      end
      f32.const 1
      local.get 94
      f32.div
      local.set 17
      local.get 17
      local.set 183
      local.get 183
      f32x4.splat
      local.set 184
      local.get 8
      i32.const 8
      i32.mul
      local.set 185
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 185
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 185
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 184
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          local.get 0
          local.get 185
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 185
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 184
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.sub
          local.set 9
          local.get 9
          i32.const 8
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 185
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 185
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 184
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 8
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 8
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          local.get 183
          f32.mul
          f32.store
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 165
      local.set 10
      block
        loop
          local.get 10
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 96
          local.set 13
          f32.const 0
          local.set 186
          local.get 95
          i32.const 8
          i32.mul
          local.set 187
          local.get 10
          i32.const 8
          i32.mul
          local.set 188
          i32.const 0
          local.set 11
          block
            loop
              local.get 11
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 186
              local.get 1
              local.get 95
              i32.const 8
              i32.mul
              local.get 11
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 2
              local.get 10
              i32.const 8
              i32.mul
              local.get 11
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              local.set 186
              local.get 11
              i32.const 1
              i32.add
              local.set 11
              br 0
            end
          end
          local.get 186
          local.get 4
          f32.mul
          local.set 12
          local.get 13
          local.get 12
          f32.max
          local.set 14
          f32.const 0
          f32.const 0.008369148708879948
          f32.const 89
          f32.const -104
          local.get 12
          local.get 14
          f32.sub
          local.tee 189
          local.get 189
          f32.const -104
          f32.lt
          select
          local.tee 190
          f32.const 89
          local.get 190
          f32.lt
          select
          local.tee 191
          local.get 191
          f32.const 1.4426950408889634
          f32.mul
          f32.nearest
          local.tee 192
          f32.const 0.693359375
          f32.mul
          f32.sub
          local.get 192
          f32.const -0.00021219444
          f32.mul
          f32.sub
          local.tee 193
          f32.mul
          f32.const 0.041917506605386734
          f32.add
          local.get 193
          f32.mul
          f32.const 0.16666504740715027
          f32.add
          local.get 193
          f32.mul
          f32.const 0.49998870491981506
          f32.add
          local.get 193
          f32.mul
          f32.const 1
          f32.add
          local.get 193
          f32.mul
          f32.const 1.0000001192092896
          f32.add
          local.get 192
          f32.const 12582912
          f32.add
          i32.reinterpret_f32
          i32.const 1262485504
          i32.sub
          local.tee 194
          i32.const 1
          i32.shr_s
          local.tee 195
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 194
          local.get 195
          i32.sub
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 12
          f32.const -Infinity
          f32.eq
          select
          local.set 15
          f32.const 1
          local.set 196
          local.get 13
          local.get 14
          f32.ne
          if (result f32)
            local.get 13
            local.get 14
            call $rare0
          else
            local.get 196
          end
          local.set 16
          local.get 97
          local.get 16
          f32.mul
          local.get 15
          f32.add
          local.set 97
          local.get 14
          local.set 96
          local.get 16
          local.set 197
          local.get 197
          f32x4.splat
          local.set 198
          local.get 15
          local.set 199
          local.get 199
          f32x4.splat
          local.set 200
          local.get 10
          i32.const 8
          i32.mul
          local.set 201
          local.get 95
          i32.const 8
          i32.mul
          local.set 202
          i32.const 0
          local.set 9
          block
            loop
              local.get 9
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 202
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 202
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 198
              f32x4.mul
              local.get 200
              local.get 3
              local.get 201
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              local.get 0
              local.get 202
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 202
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 198
              f32x4.mul
              local.get 200
              local.get 3
              local.get 201
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.sub
              local.set 9
              local.get 9
              i32.const 8
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 202
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 202
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 198
              f32x4.mul
              local.get 200
              local.get 3
              local.get 201
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 95
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 95
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 197
              f32.mul
              local.get 199
              local.get 3
              local.get 10
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              f32.store
              local.get 9
              i32.const 1
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 10
          i32.const 1
          i32.add
          local.set 10
          br 0
        end
      end
      f32.const 1
      local.get 97
      f32.div
      local.set 17
      local.get 17
      local.set 203
      local.get 203
      f32x4.splat
      local.set 204
      local.get 95
      i32.const 8
      i32.mul
      local.set 205
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 205
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 205
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 204
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          local.get 0
          local.get 205
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 205
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 204
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.sub
          local.set 9
          local.get 9
          i32.const 8
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 205
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 205
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 204
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 95
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 95
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          local.get 203
          f32.mul
          f32.store
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 8
      i32.const 2
      i32.add
      local.set 8
      br 0
    end
  end
  local.get 8
  local.set 8
  block
    loop
      local.get 8
      local.get 7
      i32.ge_s
      br_if 1
      local.get 8
      i32.const 8
      i32.mul
      local.set 208
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 208
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          local.get 0
          local.get 208
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.sub
          local.set 9
          local.get 9
          i32.const 8
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 208
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 8
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.const 0
          f32.store
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      f32.const -Infinity
      local.set 206
      f32.const 0
      local.set 207
      local.get 1
      local.get 8
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 209
      local.get 0
      local.get 8
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 210
      i32.const 0
      local.set 10
      block
        loop
          local.get 10
          i32.const 3
          i32.add
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 2
          local.get 10
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 215
          local.get 3
          local.get 10
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 219
          local.get 215
          i32.const 32
          i32.add
          local.set 216
          local.get 219
          i32.const 32
          i32.add
          local.set 220
          local.get 215
          i32.const 64
          i32.add
          local.set 217
          local.get 219
          i32.const 64
          i32.add
          local.set 221
          local.get 215
          i32.const 96
          i32.add
          local.set 218
          local.get 219
          i32.const 96
          i32.add
          local.set 222
          v128.const f32x4 0 0 0 0
          local.set 223
          v128.const f32x4 0 0 0 0
          local.set 224
          v128.const f32x4 0 0 0 0
          local.set 225
          v128.const f32x4 0 0 0 0
          local.set 226
          i32.const 0
          local.set 237
          block
            loop
              local.get 237
              i32.const 15
              i32.add
              i32.const 32
              i32.ge_s
              br_if 1
              local.get 209
              local.get 237
              i32.add
              v128.load
              local.set 227
              local.get 215
              local.get 237
              i32.add
              v128.load
              local.set 228
              local.get 223
              local.get 227
              local.get 228
              f32x4.mul
              f32x4.add
              local.set 223
              local.get 216
              local.get 237
              i32.add
              v128.load
              local.set 228
              local.get 224
              local.get 227
              local.get 228
              f32x4.mul
              f32x4.add
              local.set 224
              local.get 217
              local.get 237
              i32.add
              v128.load
              local.set 228
              local.get 225
              local.get 227
              local.get 228
              f32x4.mul
              f32x4.add
              local.set 225
              local.get 218
              local.get 237
              i32.add
              v128.load
              local.set 228
              local.get 226
              local.get 227
              local.get 228
              f32x4.mul
              f32x4.add
              local.set 226
              local.get 237
              i32.const 16
              i32.add
              local.set 237
              br 0
            end
          end
          local.get 223
          local.get 224
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 223
          local.get 224
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 240
          local.get 225
          local.get 226
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 225
          local.get 226
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 241
          local.get 240
          local.get 241
          i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
          local.get 240
          local.get 241
          i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
          f32x4.add
          local.set 229
          local.get 229
          local.get 4
          f32x4.splat
          f32x4.mul
          local.set 229
          local.get 229
          f32x4.extract_lane 0
          local.get 229
          f32x4.extract_lane 1
          f32.max
          local.get 229
          f32x4.extract_lane 2
          local.get 229
          f32x4.extract_lane 3
          f32.max
          f32.max
          local.set 236
          local.get 206
          local.set 13
          local.get 13
          local.get 236
          f32.max
          local.set 14
          f32.const 1
          local.set 242
          local.get 13
          local.get 14
          f32.ne
          if (result f32)
            local.get 13
            local.get 14
            call $rare0
          else
            local.get 242
          end
          local.set 16
          v128.const f32x4 0 0 0 0
          v128.const f32x4 0.008369148708879948 0.008369148708879948 0.008369148708879948 0.008369148708879948
          local.get 229
          local.get 14
          f32x4.splat
          f32x4.sub
          local.tee 243
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 244
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 245
          local.get 245
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 246
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 246
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 247
          f32x4.mul
          v128.const f32x4 0.041917506605386734 0.041917506605386734 0.041917506605386734 0.041917506605386734
          f32x4.add
          local.get 247
          f32x4.mul
          v128.const f32x4 0.16666504740715027 0.16666504740715027 0.16666504740715027 0.16666504740715027
          f32x4.add
          local.get 247
          f32x4.mul
          v128.const f32x4 0.49998870491981506 0.49998870491981506 0.49998870491981506 0.49998870491981506
          f32x4.add
          local.get 247
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 247
          f32x4.mul
          v128.const f32x4 1.0000001192092896 1.0000001192092896 1.0000001192092896 1.0000001192092896
          f32x4.add
          local.get 246
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 248
          i32.const 1
          i32x4.shr_s
          local.tee 249
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 248
          local.get 249
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 229
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          f32x4.eq
          v128.bitselect
          local.set 230
          local.get 230
          f32x4.extract_lane 0
          local.get 230
          f32x4.extract_lane 1
          f32.add
          local.get 230
          f32x4.extract_lane 2
          f32.add
          local.get 230
          f32x4.extract_lane 3
          f32.add
          local.set 239
          local.get 207
          local.get 16
          f32.mul
          local.get 239
          f32.add
          local.set 207
          local.get 14
          local.set 206
          local.get 16
          f32x4.splat
          local.set 231
          local.get 230
          f32x4.extract_lane 0
          f32x4.splat
          local.set 232
          local.get 230
          f32x4.extract_lane 1
          f32x4.splat
          local.set 233
          local.get 230
          f32x4.extract_lane 2
          f32x4.splat
          local.set 234
          local.get 230
          f32x4.extract_lane 3
          f32x4.splat
          local.set 235
          local.get 230
          v128.any_true
          if
            i32.const 0
            local.set 238
            block
              loop
                local.get 238
                i32.const 15
                i32.add
                i32.const 32
                i32.ge_s
                br_if 1
                local.get 210
                local.get 238
                i32.add
                v128.load
                local.get 231
                f32x4.mul
                local.set 227
                local.get 219
                local.get 238
                i32.add
                v128.load
                local.set 228
                local.get 227
                local.get 232
                local.get 228
                f32x4.mul
                f32x4.add
                local.set 227
                local.get 220
                local.get 238
                i32.add
                v128.load
                local.set 228
                local.get 227
                local.get 233
                local.get 228
                f32x4.mul
                f32x4.add
                local.set 227
                local.get 221
                local.get 238
                i32.add
                v128.load
                local.set 228
                local.get 227
                local.get 234
                local.get 228
                f32x4.mul
                f32x4.add
                local.set 227
                local.get 222
                local.get 238
                i32.add
                v128.load
                local.set 228
                local.get 227
                local.get 235
                local.get 228
                f32x4.mul
                f32x4.add
                local.set 227
                local.get 210
                local.get 238
                i32.add
                local.get 227
                v128.store
                local.get 238
                i32.const 16
                i32.add
                local.set 238
                br 0
              end
            end
          end
          local.get 10
          i32.const 4
          i32.add
          local.set 10
          br 0
        end
      end
      local.get 10
      local.set 250
      local.get 250
      local.set 10
      block
        loop
          local.get 10
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 206
          local.set 13
          f32.const 0
          local.set 251
          local.get 8
          i32.const 8
          i32.mul
          local.set 252
          local.get 10
          i32.const 8
          i32.mul
          local.set 253
          i32.const 0
          local.set 11
          block
            loop
              local.get 11
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 251
              local.get 1
              local.get 8
              i32.const 8
              i32.mul
              local.get 11
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 2
              local.get 10
              i32.const 8
              i32.mul
              local.get 11
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              local.set 251
              local.get 11
              i32.const 1
              i32.add
              local.set 11
              br 0
            end
          end
          local.get 251
          local.get 4
          f32.mul
          local.set 12
          local.get 13
          local.get 12
          f32.max
          local.set 14
          f32.const 0
          f32.const 0.008369148708879948
          f32.const 89
          f32.const -104
          local.get 12
          local.get 14
          f32.sub
          local.tee 254
          local.get 254
          f32.const -104
          f32.lt
          select
          local.tee 255
          f32.const 89
          local.get 255
          f32.lt
          select
          local.tee 256
          local.get 256
          f32.const 1.4426950408889634
          f32.mul
          f32.nearest
          local.tee 257
          f32.const 0.693359375
          f32.mul
          f32.sub
          local.get 257
          f32.const -0.00021219444
          f32.mul
          f32.sub
          local.tee 258
          f32.mul
          f32.const 0.041917506605386734
          f32.add
          local.get 258
          f32.mul
          f32.const 0.16666504740715027
          f32.add
          local.get 258
          f32.mul
          f32.const 0.49998870491981506
          f32.add
          local.get 258
          f32.mul
          f32.const 1
          f32.add
          local.get 258
          f32.mul
          f32.const 1.0000001192092896
          f32.add
          local.get 257
          f32.const 12582912
          f32.add
          i32.reinterpret_f32
          i32.const 1262485504
          i32.sub
          local.tee 259
          i32.const 1
          i32.shr_s
          local.tee 260
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 259
          local.get 260
          i32.sub
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 12
          f32.const -Infinity
          f32.eq
          select
          local.set 15
          f32.const 1
          local.set 261
          local.get 13
          local.get 14
          f32.ne
          if (result f32)
            local.get 13
            local.get 14
            call $rare0
          else
            local.get 261
          end
          local.set 16
          local.get 207
          local.get 16
          f32.mul
          local.get 15
          f32.add
          local.set 207
          local.get 14
          local.set 206
          local.get 16
          local.set 262
          local.get 262
          f32x4.splat
          local.set 263
          local.get 15
          local.set 264
          local.get 264
          f32x4.splat
          local.set 265
          local.get 10
          i32.const 8
          i32.mul
          local.set 266
          local.get 8
          i32.const 8
          i32.mul
          local.set 267
          i32.const 0
          local.set 9
          block
            loop
              local.get 9
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 267
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 267
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 263
              f32x4.mul
              local.get 265
              local.get 3
              local.get 266
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              local.get 0
              local.get 267
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 267
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 263
              f32x4.mul
              local.get 265
              local.get 3
              local.get 266
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.sub
              local.set 9
              local.get 9
              i32.const 8
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 267
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 267
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 263
              f32x4.mul
              local.get 265
              local.get 3
              local.get 266
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 8
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 8
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 262
              f32.mul
              local.get 264
              local.get 3
              local.get 10
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              f32.store
              local.get 9
              i32.const 1
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 10
          i32.const 1
          i32.add
          local.set 10
          br 0
        end
      end
      f32.const 1
      local.get 207
      f32.div
      local.set 17
      local.get 17
      local.set 268
      local.get 268
      f32x4.splat
      local.set 269
      local.get 8
      i32.const 8
      i32.mul
      local.set 270
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 270
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 270
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 269
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          local.get 0
          local.get 270
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 270
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 269
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.sub
          local.set 9
          local.get 9
          i32.const 8
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 270
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 270
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 269
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 8
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 8
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          local.get 268
          f32.mul
          f32.store
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 8
      i32.const 1
      i32.add
      local.set 8
      br 0
    end
  end
)

(func $flashScores (param $0 i32) (param $1 i32) (param $2 i32)
  (local $3 v128) (local $4 v128) (local $5 v128) (local $6 v128) (local $7 v128) (local $8 v128) (local $9 v128) (local $10 v128) (local $11 v128) (local $12 v128) (local $13 v128) (local $14 i32) (local $15 i32) (local $16 i32) (local $17 i32)
  i32.const 0
  local.set 15
  block
    loop
      local.get 15
      i32.const 4
      i32.ge_s
      br_if 1
      v128.const f32x4 0 0 0 0
      local.set 3
      v128.const f32x4 0 0 0 0
      local.set 4
      v128.const f32x4 0 0 0 0
      local.set 5
      v128.const f32x4 0 0 0 0
      local.set 6
      v128.const f32x4 0 0 0 0
      local.set 7
      v128.const f32x4 0 0 0 0
      local.set 8
      v128.const f32x4 0 0 0 0
      local.set 9
      v128.const f32x4 0 0 0 0
      local.set 10
      local.get 0
      local.set 16
      local.get 15
      i32.const 128
      i32.mul
      local.get 1
      i32.add
      local.set 17
      i32.const 0
      local.set 14
      block
        loop
          local.get 14
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 16
          v128.load
          local.set 11
          local.get 16
          v128.load offset=16
          local.set 12
          local.get 17
          v128.load32_splat
          local.set 13
          local.get 3
          local.get 11
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 3
          local.get 7
          local.get 12
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 7
          local.get 17
          v128.load32_splat offset=32
          local.set 13
          local.get 4
          local.get 11
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 4
          local.get 8
          local.get 12
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 8
          local.get 17
          v128.load32_splat offset=64
          local.set 13
          local.get 5
          local.get 11
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 5
          local.get 9
          local.get 12
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 9
          local.get 17
          v128.load32_splat offset=96
          local.set 13
          local.get 6
          local.get 11
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 6
          local.get 10
          local.get 12
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 10
          local.get 16
          i32.const 32
          i32.add
          local.set 16
          local.get 17
          i32.const 4
          i32.add
          local.set 17
          local.get 14
          i32.const 1
          i32.add
          local.set 14
          br 0
        end
      end
      local.get 15
      i32.const 128
      i32.mul
      local.get 2
      i32.add
      local.set 17
      local.get 17
      local.get 3
      v128.store
      local.get 17
      local.get 7
      v128.store offset=16
      local.get 17
      local.get 4
      v128.store offset=32
      local.get 17
      local.get 8
      v128.store offset=48
      local.get 17
      local.get 5
      v128.store offset=64
      local.get 17
      local.get 9
      v128.store offset=80
      local.get 17
      local.get 6
      v128.store offset=96
      local.get 17
      local.get 10
      v128.store offset=112
      local.get 15
      i32.const 1
      i32.add
      local.set 15
      br 0
    end
  end
)

(func $flashValues (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32)
  (local $4 v128) (local $5 v128) (local $6 v128) (local $7 v128) (local $8 v128) (local $9 v128) (local $10 v128) (local $11 v128) (local $12 v128) (local $13 v128) (local $14 v128) (local $15 i32) (local $16 i32) (local $17 i32) (local $18 i32) (local $19 i32)
  i32.const 0
  local.set 19
  block
    loop
      local.get 19
      i32.const 2
      i32.ge_s
      br_if 1
      i32.const 0
      local.set 15
      block
        loop
          local.get 15
          i32.const 32
          i32.ge_s
          br_if 1
          local.get 0
          local.get 15
          i32.add
          v128.load
          local.get 3
          v128.load32_splat
          f32x4.mul
          local.set 4
          local.get 0
          local.get 15
          i32.add
          v128.load offset=16
          local.get 3
          v128.load32_splat
          f32x4.mul
          local.set 5
          local.get 0
          local.get 15
          i32.add
          v128.load offset=32
          local.get 3
          v128.load32_splat offset=4
          f32x4.mul
          local.set 6
          local.get 0
          local.get 15
          i32.add
          v128.load offset=48
          local.get 3
          v128.load32_splat offset=4
          f32x4.mul
          local.set 7
          local.get 0
          local.get 15
          i32.add
          v128.load offset=64
          local.get 3
          v128.load32_splat offset=8
          f32x4.mul
          local.set 8
          local.get 0
          local.get 15
          i32.add
          v128.load offset=80
          local.get 3
          v128.load32_splat offset=8
          f32x4.mul
          local.set 9
          local.get 0
          local.get 15
          i32.add
          v128.load offset=96
          local.get 3
          v128.load32_splat offset=12
          f32x4.mul
          local.set 10
          local.get 0
          local.get 15
          i32.add
          v128.load offset=112
          local.get 3
          v128.load32_splat offset=12
          f32x4.mul
          local.set 11
          local.get 1
          local.get 15
          i32.add
          local.set 17
          local.get 2
          local.set 18
          i32.const 0
          local.set 16
          block
            loop
              local.get 16
              i32.const 16
              i32.ge_s
              br_if 1
              local.get 17
              v128.load
              local.set 12
              local.get 17
              v128.load offset=16
              local.set 13
              local.get 18
              v128.load32_splat
              local.set 14
              local.get 4
              local.get 14
              local.get 12
              f32x4.mul
              f32x4.add
              local.set 4
              local.get 5
              local.get 14
              local.get 13
              f32x4.mul
              f32x4.add
              local.set 5
              local.get 18
              v128.load32_splat offset=4
              local.set 14
              local.get 6
              local.get 14
              local.get 12
              f32x4.mul
              f32x4.add
              local.set 6
              local.get 7
              local.get 14
              local.get 13
              f32x4.mul
              f32x4.add
              local.set 7
              local.get 18
              v128.load32_splat offset=8
              local.set 14
              local.get 8
              local.get 14
              local.get 12
              f32x4.mul
              f32x4.add
              local.set 8
              local.get 9
              local.get 14
              local.get 13
              f32x4.mul
              f32x4.add
              local.set 9
              local.get 18
              v128.load32_splat offset=12
              local.set 14
              local.get 10
              local.get 14
              local.get 12
              f32x4.mul
              f32x4.add
              local.set 10
              local.get 11
              local.get 14
              local.get 13
              f32x4.mul
              f32x4.add
              local.set 11
              local.get 17
              i32.const 32
              i32.add
              local.set 17
              local.get 18
              i32.const 32
              i32.add
              local.set 18
              local.get 16
              i32.const 1
              i32.add
              local.set 16
              br 0
            end
          end
          local.get 0
          local.get 15
          i32.add
          local.get 4
          v128.store
          local.get 0
          local.get 15
          i32.add
          local.get 5
          v128.store offset=16
          local.get 0
          local.get 15
          i32.add
          local.get 6
          v128.store offset=32
          local.get 0
          local.get 15
          i32.add
          local.get 7
          v128.store offset=48
          local.get 0
          local.get 15
          i32.add
          local.get 8
          v128.store offset=64
          local.get 0
          local.get 15
          i32.add
          local.get 9
          v128.store offset=80
          local.get 0
          local.get 15
          i32.add
          local.get 10
          v128.store offset=96
          local.get 0
          local.get 15
          i32.add
          local.get 11
          v128.store offset=112
          local.get 15
          i32.const 32
          i32.add
          local.set 15
          br 0
        end
      end
      local.get 0
      i32.const 128
      i32.add
      local.set 0
      local.get 2
      i32.const 16
      i32.add
      local.set 2
      local.get 3
      i32.const 16
      i32.add
      local.set 3
      local.get 19
      i32.const 1
      i32.add
      local.set 19
      br 0
    end
  end
)

(func $rare0 (param $0 f32) (param $1 f32) (result f32)
  (local $2 f32) (local $3 f32) (local $4 f32) (local $5 f32) (local $6 f32) (local $7 i32) (local $8 i32)
  f32.const 0.008369148708879948
  f32.const 89
  f32.const -104
  local.get 0
  local.get 1
  f32.sub
  local.tee 2
  local.get 2
  f32.const -104
  f32.lt
  select
  local.tee 3
  f32.const 89
  local.get 3
  f32.lt
  select
  local.tee 4
  local.get 4
  f32.const 1.4426950408889634
  f32.mul
  f32.nearest
  local.tee 5
  f32.const 0.693359375
  f32.mul
  f32.sub
  local.get 5
  f32.const -0.00021219444
  f32.mul
  f32.sub
  local.tee 6
  f32.mul
  f32.const 0.041917506605386734
  f32.add
  local.get 6
  f32.mul
  f32.const 0.16666504740715027
  f32.add
  local.get 6
  f32.mul
  f32.const 0.49998870491981506
  f32.add
  local.get 6
  f32.mul
  f32.const 1
  f32.add
  local.get 6
  f32.mul
  f32.const 1.0000001192092896
  f32.add
  local.get 5
  f32.const 12582912
  f32.add
  i32.reinterpret_f32
  i32.const 1262485504
  i32.sub
  local.tee 7
  i32.const 1
  i32.shr_s
  local.tee 8
  i32.const 127
  i32.add
  i32.const 23
  i32.shl
  f32.reinterpret_i32
  f32.mul
  local.get 7
  local.get 8
  i32.sub
  i32.const 127
  i32.add
  i32.const 23
  i32.shl
  f32.reinterpret_i32
  f32.mul
)